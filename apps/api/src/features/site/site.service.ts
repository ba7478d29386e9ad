import fs from 'node:fs';
import { dirname, join } from 'node:path';
import { BLOG_POSTS, blogPostBySlug, slugify } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { PublicRead } from '../../db/replica.js';
import { AppError } from '../../http/errors.js';
import { getOrganiserPage, getPublicEvent, listSitemapEvents, listSitemapOrganisers } from '../catalogue/index.js';
import { escapeHtml } from '../mail/index.js';
import { withFirstScreen, type FirstScreenRenderer } from './first-screen.js';
import { eventPageHead, fixedPageHead, organizerPageHead, renderShell, type PageHead } from './page-head.js';

/** Pages only a signed-in person has: kept out of search engines. */
/**
 * Pages for one person (their tickets, a delegate's ticket, a certificate's check with its holder's
 * name, a link to stop mail) stay out of search engines (docs/security.md).
 */
const PRIVATE_PREFIXES = [
  '/organizer',
  '/account',
  '/payment',
  '/ticket/',
  '/verify/',
  '/news/',
  '/embed',
  '/operator',
];
const DETAILS = /^\/details\/(\d{1,10})(?:\/[^/]*)?\/?$/;
const BLOG_POST = /^\/blog\/([a-z0-9-]{1,120})\/?$/;
/** An organiser's page (issue 29), as the contract's organiser slug allows. */
const ORGANISER = /^\/o\/([a-z0-9_-]{1,120})\/?$/;

/** Files of the web build read from disk, each read again when a rebuild changes it. */
const builtFiles = new Map<string, { mtimeMs: number; text: string }>();
function readBuilt(file: string): string {
  const { mtimeMs } = fs.statSync(file);
  const cached = builtFiles.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.text;
  const text = fs.readFileSync(file, 'utf8');
  builtFiles.set(file, { mtimeMs, text });
  return text;
}

/** The parsed JSON files of the web build, parsed again only when their text changed. */
const builtValues = new Map<string, { text: string; value: unknown }>();
/** A JSON file the web build writes beside index.html, or undefined when it is missing or unreadable. */
function builtJson(indexFile: string, name: string): unknown {
  const file = join(dirname(indexFile), name);
  try {
    const text = readBuilt(file);
    const parsed = builtValues.get(file);
    if (parsed?.text === text) return parsed.value;
    const value: unknown = JSON.parse(text);
    builtValues.set(file, { text, value });
    return value;
  } catch {
    return undefined;
  }
}
const SCRIPT = /^\/assets\/[\w.-]+\.js$/;

/**
 * The scripts a page loaded on demand needs beyond the app's own (route-preloads.json, written by
 * the web build, keyed by page name: the page's `code`, and the schemas of its first `answers`):
 * preloaded from the page's HTML so the browser fetches them with the app instead of after it.
 * The schemas only when the page was not drawn with its answers. None when the build has no such file.
 */
function routePreloads(indexFile: string, page: string, withAnswers: boolean): string[] {
  const lists = (
    builtJson(indexFile, 'route-preloads.json') as
      Record<string, { code?: unknown; answers?: unknown } | undefined> | undefined
  )?.[page];
  const files = [lists?.code, withAnswers ? lists?.answers : []].flatMap((l) => (Array.isArray(l) ? l : []));
  return files.filter((f): f is string => typeof f === 'string' && SCRIPT.test(f));
}

/**
 * The script that starts the app on a page whose first screen was drawn (first-screen.json,
 * written by the web build: docs/decisions/0022-main-thread-on-a-phone.md), or undefined.
 */
function firstScreenBoot(indexFile: string): string | undefined {
  const boot = (builtJson(indexFile, 'first-screen.json') as { boot?: unknown } | undefined)?.boot;
  return typeof boot === 'string' && SCRIPT.test(boot) ? boot : undefined;
}

/** Which page loaded on demand a path opens, by the names route-preloads.json uses. */
function preloadedPage(path: string): string | undefined {
  if (path === '/all-events') return 'all-events';
  if (DETAILS.test(path)) return 'details';
  return undefined;
}

async function headFor(ctx: AppContext, read: PublicRead, path: string): Promise<PageHead> {
  const fixed = fixedPageHead(path === '' ? '/' : path);
  if (fixed) return fixed;
  const details = DETAILS.exec(path);
  if (details) {
    try {
      return eventPageHead(
        await read((db) => getPublicEvent(db, Number(details[1]), ctx.config.serviceFees)),
        ctx.config.publicUrl,
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
      return { title: 'Event not found · Tikiti', description: 'This event is not on Tikiti.', path, status: 404 };
    }
  }
  const organiser = ORGANISER.exec(path);
  if (organiser) {
    try {
      return organizerPageHead(await read((db) => getOrganiserPage(db, organiser[1]!)), ctx.config.publicUrl);
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
      return {
        title: 'Organiser not found · Tikiti',
        description: 'No organiser on Tikiti has this address.',
        path,
        status: 404,
      };
    }
  }
  const blog = BLOG_POST.exec(path);
  if (blog) {
    const post = blogPostBySlug(blog[1]!);
    if (!post)
      return {
        title: 'Post not found · Tikiti',
        description: 'This post is not on the Tikiti blog.',
        path,
        status: 404,
      };
    return { title: `${post.title} · Tikiti`, description: post.excerpt, path: `/blog/${post.slug}` };
  }
  return { ...fixedPageHead('/')!, path, noindex: PRIVATE_PREFIXES.some((p) => path.startsWith(p)) };
}

/** The public pages whose first screen the server draws (docs/decisions/0021-first-screen.md). */
const drawnFirst = (path: string) => path === '/' || path === '/all-events' || DETAILS.test(path);

/**
 * A page of the web app as the server sends it (docs/architecture.md): the single-page app's
 * shell with the page's own title, description, canonical address, link-preview tags and, for
 * an event, its schema.org JSON-LD, so a shared link previews well without any script. Home,
 * all events and an event's page also carry their first screen, drawn by `screens`, when the
 * web build has its server module. The head's reads go through `read`: the read replica for an
 * anonymous visitor (docs/decisions/0032-read-replica.md); the first screen asks the catalogue's
 * own routes, which choose for themselves.
 */
export async function renderPage(
  ctx: AppContext,
  read: PublicRead,
  indexFile: string,
  url: string,
  screens?: FirstScreenRenderer,
) {
  const path = url.split('?')[0] ?? '/';
  const head = await headFor(ctx, read, path);
  const screen = screens && head.status !== 404 && drawnFirst(path) ? await screens.render(url) : null;
  const page = head.status === 404 ? undefined : preloadedPage(path);
  // A drawn page has its first answers already: the schemas that read them can wait.
  if (page) head.modulePreloads = routePreloads(indexFile, page, !screen);
  // The first screen asks for its own first pictures: the head's would be the same, twice.
  if (screen) delete head.preloadImage;
  const html = renderShell(readBuilt(indexFile), head, ctx.config.publicUrl);
  return {
    status: head.status ?? 200,
    html: screen ? withFirstScreen(html, screen, firstScreenBoot(indexFile)) : html,
  };
}

/** robots.txt: everything public may be crawled; private pages and the API may not. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...[...PRIVATE_PREFIXES, '/dev', '/v1', '/docs'].map((p) => `Disallow: ${p}/`),
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const STATIC_PAGES = ['/', '/all-events', '/about-us', '/talk-to-us', '/blog', '/privacy-policy'];

/**
 * sitemap.xml: the public pages, the blog's posts, every published event that has not ended and
 * the page of every organiser with a published event (/o/{slug}). Read through `read`: the read
 * replica for an anonymous crawler (docs/decisions/0032-read-replica.md).
 */
export async function sitemapXml(ctx: AppContext, read: PublicRead): Promise<string> {
  const base = ctx.config.publicUrl;
  const [events, organisers] = await read((db) => Promise.all([listSitemapEvents(db), listSitemapOrganisers(db)]));
  const url = (loc: string, lastmod?: Date) =>
    `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PAGES.map((p) => url(`${base}${p === '/' ? '/' : p}`)),
    ...BLOG_POSTS.map((p) => url(`${base}/blog/${p.slug}`)),
    ...events.map((e) => url(`${base}/details/${e.id}/${slugify(e.title)}`, e.updatedAt)),
    ...organisers.map((o) => url(`${base}/o/${o.slug}`)),
    '</urlset>',
    '',
  ].join('\n');
}
