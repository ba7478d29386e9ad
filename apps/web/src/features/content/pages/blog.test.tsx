import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { BLOG_POSTS } from '@tikiti/contract';
import { renderPage } from '../../../test-support/render';
import BlogPage from './blog-page';
import BlogPostPage from './blog-post-page';

describe('the blog', () => {
  it('lists every post as a card that opens the post', async () => {
    const { user } = renderPage(<BlogPage />, {
      path: '/blog',
      routes: [{ path: '/blog/:slug', element: <BlogPostPage /> }],
    });
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(BLOG_POSTS.length);
    const [first] = BLOG_POSTS;
    await user.click(within(cards[0]!).getByRole('link', { name: first!.title }));
    expect(await screen.findByRole('heading', { level: 1, name: first!.title })).toBeTruthy();
    expect(screen.getByText(first!.excerpt)).toBeTruthy();
    expect(document.title).toBe(`${first!.title} · Tikiti`);
  });

  it('shows a post’s sections and links to other posts, not to itself', async () => {
    const post = BLOG_POSTS[3]!;
    renderPage(<BlogPostPage />, { path: '/blog/:slug', at: `/blog/${post.slug}` });
    expect(screen.getByRole('heading', { level: 1, name: post.title })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(2);
    const more = within(screen.getByRole('navigation', { name: 'More posts' })).getAllByRole('link');
    expect(more).toHaveLength(3);
    for (const link of more) expect(link.getAttribute('href')).not.toBe(`/blog/${post.slug}`);
    expect(screen.getByRole('link', { name: /All posts/ }).getAttribute('href')).toBe('/blog');
  });

  it('says “Page not found” for a post that does not exist', () => {
    renderPage(<BlogPostPage />, { path: '/blog/:slug', at: '/blog/no-such-post' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
