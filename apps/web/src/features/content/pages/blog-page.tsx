import { useState } from 'react';
import { Link } from 'react-router';
import { BLOG_POSTS } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { fallbackLook, POST_LOOKS, publishedOn } from '../blog-posts';

export default function BlogPage() {
  useTitle('Blog');
  const [askedForMore, setAskedForMore] = useState(false);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Blog</h1>
        <p className="mt-3 text-lg text-slate-600">
          Ideas and practical advice for people who plan, host and attend corporate events in Kenya.
        </p>
      </div>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {BLOG_POSTS.map(({ slug, tag, date, minutes, title, excerpt }) => {
          const { icon: Icon, tint } = POST_LOOKS[slug] ?? fallbackLook;
          return (
            <li key={slug}>
              <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600">
                <div className={`flex aspect-[2/1] items-center justify-center bg-gradient-to-br ${tint}`}>
                  <Icon className="h-12 w-12 text-white/80" aria-hidden />
                </div>
                <div className="flex flex-1 flex-col p-5">
                  <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{tag}</p>
                  <h2 className="mt-2 text-lg font-semibold leading-snug group-hover:text-brand-700">
                    {/* The link's box covers the whole card, so the card is one target. */}
                    <Link to={routes.blogPost(slug)} className="outline-none after:absolute after:inset-0">
                      {title}
                    </Link>
                  </h2>
                  <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{excerpt}</p>
                  <p className="mt-4 text-xs text-slate-500">
                    <time dateTime={date}>{publishedOn(date)}</time> · {minutes} min read
                  </p>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      <div className="mt-12 flex flex-col items-center gap-3">
        <Button variant="secondary" size="lg" onClick={() => setAskedForMore(true)} disabled={askedForMore}>
          LOAD MORE
        </Button>
        <p className="text-sm text-slate-600" aria-live="polite">
          {askedForMore
            ? 'You have read everything for now: there are no more posts yet. New articles are on the way.'
            : ''}
        </p>
      </div>
    </div>
  );
}
