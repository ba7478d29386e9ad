import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { BLOG_POSTS, blogPostBySlug } from '@tikiti/contract';
import NotFoundPage from '../../../components/layout/not-found-page';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { fallbackLook, POST_BODIES, POST_LOOKS, publishedOn } from '../blog-posts';

/** /blog/{slug}: one post, with the next posts to read below it. */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = blogPostBySlug(slug);
  const body = POST_BODIES[slug];
  if (!post || !body) return <NotFoundPage />;
  return <Post post={post} body={body} />;
}

function Post({
  post,
  body,
}: {
  post: NonNullable<ReturnType<typeof blogPostBySlug>>;
  body: (typeof POST_BODIES)[string];
}) {
  useTitle(post.title);
  const { icon: Icon, tint } = POST_LOOKS[post.slug] ?? fallbackLook;
  const more = BLOG_POSTS.filter((p) => p.slug !== post.slug).slice(0, 3);
  return (
    <article className="pb-16">
      <header className={`bg-gradient-to-br ${tint} text-white`}>
        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 md:py-14">
          <Link
            to={routes.blog}
            className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-white hover:underline"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden /> All posts
          </Link>
          <div className="mt-6 flex items-center gap-3">
            <Icon className="h-8 w-8 shrink-0 text-white/80" aria-hidden />
            <p className="text-xs font-semibold uppercase tracking-wide text-white">{post.tag}</p>
          </div>
          <h1 className="mt-3 text-3xl font-bold leading-tight tracking-tight sm:text-4xl">{post.title}</h1>
          <p className="mt-4 text-sm text-white">
            <time dateTime={post.date}>{publishedOn(post.date)}</time> · {post.minutes} min read
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <p className="mt-8 text-lg leading-8 text-slate-700">{post.excerpt}</p>
        {body.map((section, i) => (
          <section key={section.heading ?? i} className="mt-8">
            {section.heading && <h2 className="text-xl font-semibold tracking-tight">{section.heading}</h2>}
            {section.paragraphs.map((text) => (
              <p key={text.slice(0, 40)} className="mt-3 leading-7 text-slate-700">
                {text}
              </p>
            ))}
          </section>
        ))}
        <aside className="mt-12 rounded-2xl border border-slate-200 bg-slate-50 p-6">
          <h2 className="text-lg font-semibold">Planning an event?</h2>
          <p className="mt-2 text-sm leading-6 text-slate-600">
            Sell tickets by card or M-Pesa, send e-tickets with QR codes and check people in from a phone.
          </p>
          <Link
            to={routes.register}
            className="mt-4 inline-block rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Create your event
          </Link>
        </aside>
      </div>
      <nav aria-label="More posts" className="mx-auto mt-12 max-w-3xl px-4 sm:px-6">
        <h2 className="text-lg font-semibold">Keep reading</h2>
        <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
          {more.map((p) => (
            <li key={p.slug}>
              <Link to={routes.blogPost(p.slug)} className="block py-4 hover:text-brand-700">
                <span className="text-xs font-semibold uppercase tracking-wide text-brand-700">{p.tag}</span>
                <span className="mt-1 block font-medium leading-snug">{p.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
