import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { BLOG_POSTS, DETAILS_IMAGE_SIZES, slugify } from '@tikiti/contract';
import { escapeHtml } from '../mail/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * The site as a crawler or a link preview sees it: no JavaScript runs, so what matters is the
 * HTML the server sends (docs/architecture.md).
 */
const PUBLIC_URL = 'https://tikiti.example.com';
const webIndex = fileURLToPath(new URL('../../../../web/index.html', import.meta.url));

let t: TestApp;
let webDist: string;
let published: Awaited<ReturnType<typeof createEvent>>;
let hostile: Awaited<ReturnType<typeof createEvent>>;
let patterned: Awaited<ReturnType<typeof createEvent>>;
let draft: Awaited<ReturnType<typeof createEvent>>;
let ended: Awaited<ReturnType<typeof createEvent>>;
let withHidden: Awaited<ReturnType<typeof createEvent>>;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-site-'));
  fs.copyFileSync(webIndex, path.join(webDist, 'index.html'));
  // What the web build writes (apps/web/vite.config.ts), plus an entry that is not a script of ours.
  fs.writeFileSync(
    path.join(webDist, 'route-preloads.json'),
    JSON.stringify({
      'all-events': { code: ['/assets/all-events-page-A1.js'], answers: ['/assets/search-B2.js'] },
      details: {
        code: ['/assets/event-details-page-C3.js', 'https://elsewhere.example/x.js'],
        answers: ['/assets/"><script>.js', '/assets/answers-D4.js'],
      },
    }),
  );
  // The widget's script as the build writes it (and its compressed copy beside it).
  const widget = '(() => {})();\n'.repeat(200);
  fs.writeFileSync(path.join(webDist, 'widget.js'), widget);
  fs.writeFileSync(path.join(webDist, 'widget.js.br'), zlib.brotliCompressSync(widget));
  t = await createTestApp({ WEB_DIST: webDist, PUBLIC_URL });
  const db = t.database.db;
  const org = await createOrganiser(db);
  const categoryId = (await createCategory(db)).id;
  published = await createEvent(db, {
    organisationId: org.organisationId,
    categoryId,
    title: 'Nairobi Fintech Summit',
    shortDescription: 'Payments, lending and regulation in East Africa',
    location: 'KICC, Harambee Avenue, Nairobi',
    tickets: [
      { name: 'Early bird', price: 25.5, max: 10, sold: 10 },
      { name: 'Regular', price: 40, max: 100 },
    ],
  });
  hostile = await createEvent(db, {
    organisationId: org.organisationId,
    categoryId,
    title: 'Summit </script><script>alert("x")</script> & "friends"',
    shortDescription: '<img src=x onerror=alert(1)>',
  });
  // What String.replace would read as replacement patterns: the text after, before and of the match, a group.
  patterned = await createEvent(db, {
    organisationId: org.organisationId,
    categoryId,
    title: "Save $' now, $` later, $& and $1",
    shortDescription: "Costs $'5 or $`3; $& & $1 too",
  });
  draft = await createEvent(db, { organisationId: org.organisationId, categoryId, status: 2 });
  // Issue 27: a hidden type (docs/product.md#hidden-ticket-types) cheaper than the public one.
  withHidden = await createEvent(db, {
    organisationId: org.organisationId,
    categoryId,
    title: 'Speakers welcome',
    tickets: [
      { name: 'Regular', price: 40, max: 100 },
      { name: 'Speaker pass', price: 1, max: 10, hidden: true },
    ],
  });
  ended = await createEvent(db, {
    organisationId: org.organisationId,
    categoryId,
    startsInHours: -30,
    durationHours: 2,
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'facebookexternalhit/1.1' } });
const meta = (html: string, attr: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('an event page as a link preview sees it', () => {
  it('carries the event’s title, description, image, canonical address and schema.org Event', async () => {
    const { event } = published;
    const res = await page(`/details/${event.id}/${slugify(event.title)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<title>Nairobi Fintech Summit · Tikiti</title>');
    expect(meta(html, 'name', 'description')).toBe('Payments, lending and regulation in East Africa');
    expect(meta(html, 'property', 'og:title')).toBe('Nairobi Fintech Summit · Tikiti');
    const url = `${PUBLIC_URL}/details/${event.id}/nairobi-fintech-summit`;
    expect(meta(html, 'property', 'og:url')).toBe(url);
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary');
    // The SPA still boots from the same shell.
    expect(html).toContain('<div id="app"></div>');

    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Nairobi Fintech Summit',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'KICC, Harambee Avenue, Nairobi', address: { addressCountry: 'KE' } },
      organizer: { '@type': 'Organization' },
      offers: [
        {
          '@type': 'Offer',
          name: 'Early bird',
          price: '25.50',
          priceCurrency: 'USD',
          availability: 'https://schema.org/SoldOut',
          url,
        },
        {
          '@type': 'Offer',
          name: 'Regular',
          price: '40.00',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          url,
        },
      ],
    });
    // Dates carry Nairobi's offset and are the event's instants.
    expect(jsonLd.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+03:00$/);
    expect(Date.parse(jsonLd.startDate)).toBe(Math.floor(event.startTime.getTime() / 60_000) * 60_000);
  });

  it('leaves hidden ticket types out of the JSON-LD offers', async () => {
    const { event } = withHidden;
    const html = (await page(`/details/${event.id}/${slugify(event.title)}`)).body;
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(jsonLd.offers.map((o: { name: string }) => o.name)).toEqual(['Regular']);
    expect(html).not.toContain('Speaker pass');
  });

  it('gives an image preview when the event has an image', async () => {
    const db = t.database.db;
    const { storeImage } = await import('../media/index.js');
    const sharp = (await import('sharp')).default;
    const stored = await storeImage(
      { config: t.config, db },
      await sharp({ create: { width: 400, height: 200, channels: 3, background: '#0f766e' } })
        .png()
        .toBuffer(),
    );
    const { events } = await import('../../db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    await db.update(events).set({ imageId: stored.id }).where(eq(events.id, published.event.id));
    const html = (await page(`/details/${published.event.id}`)).body;
    expect(meta(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}/media/${stored.key}.jpg`);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect((await t.app.inject({ method: 'GET', url: `/media/${stored.key}.jpg` })).statusCode).toBe(200);
    // The picture is the page's largest element: it is preloaded, in the widths and sizes the page's <img> names.
    const preload =
      /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high" \/>/.exec(
        html,
      );
    expect(preload?.[1]).toBe(`/media/${stored.key}.jpg`);
    expect(preload?.[2]).toContain(`/media/${stored.key}/640.webp 640w`);
    expect(preload?.[3]).toBe(escapeHtml(DETAILS_IMAGE_SIZES));
  });

  it('escapes what organisers write: no markup or script can break out', async () => {
    const html = (await page(`/details/${hostile.event.id}/x`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)');
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(jsonLd).not.toContain('</script');
    expect(JSON.parse(jsonLd).name).toBe(hostile.event.title);
  });

  it("writes an organiser’s $&, $', $` and $1 as they are, never as replacement patterns", async () => {
    const html = (await page(`/details/${patterned.event.id}/x`)).body;
    const title = escapeHtml(`${patterned.event.title} · Tikiti`);
    const description = escapeHtml(patterned.event.shortDescription!);
    expect(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1]).toBe(title);
    for (const [attr, key, value] of [
      ['property', 'og:title', title],
      ['name', 'twitter:title', title],
      ['name', 'description', description],
      ['property', 'og:description', description],
      ['name', 'twitter:description', description],
    ] as const) {
      expect(meta(html, attr, key), key).toBe(value);
    }
    // Nothing of the shell was pasted anywhere: one head, one body, one app root.
    for (const once of ['</head>', '<body', '<div id="app">', '</html>']) expect(html.split(once)).toHaveLength(2);
  });

  it('answers 404 for a draft or unknown event, with the app shell still there', async () => {
    for (const id of [draft.event.id, 987654]) {
      const res = await page(`/details/${id}/anything`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<title>Event not found · Tikiti</title>');
      expect(res.body).not.toContain('application/ld+json');
    }
  });

  it('gives the fixed pages their own titles, and keeps private pages out of search engines', async () => {
    expect((await page('/all-events')).body).toContain('<title>Upcoming events · Tikiti</title>');
    expect((await page('/about-us')).body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/about-us" />`);
    for (const url of [
      '/organizer/dashboard',
      '/account/tickets',
      '/payment/method',
      '/ticket/12',
      '/verify/TC1.AwEC.x',
      '/news/stop',
    ]) {
      expect(meta((await page(url)).body, 'name', 'robots')).toBe('noindex');
    }
    expect(meta((await page('/all-events')).body, 'name', 'robots')).toBeUndefined();
  });

  it("serves a certificate's verification page although its code has dots (what the certificate's QR opens)", async () => {
    const res = await page('/verify/TC1.AwEC.YMCku_LJ3DINmSKO5zQxIec7BKNci_CdTtskIxUVUg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="app">');
  });

  it('preloads the scripts of the page loaded on demand, and only our own', async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads((await page('/all-events')).body)).toEqual([
      '/assets/all-events-page-A1.js',
      '/assets/search-B2.js',
    ]);
    expect(preloads((await page(`/details/${published.event.id}/nairobi-fintech-summit`)).body)).toEqual([
      '/assets/event-details-page-C3.js',
      '/assets/answers-D4.js',
    ]);
    for (const url of ['/', '/about-us', `/details/${draft.event.id}`, `/blog/${BLOG_POSTS[0]!.slug}`]) {
      expect(preloads((await page(url)).body)).toEqual([]);
    }
  });

  it('gives each blog post its own title, description and canonical address, and 404 to an unknown post', async () => {
    const [post] = BLOG_POSTS;
    const res = await page(`/blog/${post!.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${escapeHtml(post!.title)} · Tikiti</title>`);
    expect(meta(res.body, 'name', 'description')).toBe(escapeHtml(post!.excerpt));
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog/${post!.slug}" />`);
    const missing = await page('/blog/no-such-post');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Post not found · Tikiti</title>');
  });
});

describe('an organiser’s page and the widget’s frame (issue 29)', () => {
  it('gives /o/{slug} the organiser’s name, canonical address and schema.org Organization; 404 for an unknown one', async () => {
    const details = await t.app.inject({ method: 'GET', url: `/v1/event/details/${published.event.id}` });
    const { slug, display_name: name } = details.json().data.organizer as { slug: string; display_name: string };
    const res = await page(`/o/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${escapeHtml(name)} · Tikiti</title>`);
    expect(meta(res.body, 'property', 'og:title')).toBe(`${escapeHtml(name)} · Tikiti`);
    expect(meta(res.body, 'property', 'og:url')).toBe(`${PUBLIC_URL}/o/${slug}`);
    expect(meta(res.body, 'name', 'robots')).toBeUndefined();
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.body)![1]!);
    expect(jsonLd).toMatchObject({ '@type': 'Organization', name, url: `${PUBLIC_URL}/o/${slug}` });
    const unknown = await page('/o/nobody-has-this-slug');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>Organiser not found · Tikiti</title>');
  });

  it('lets any site frame /embed pages, and only those (docs/security.md#framing)', async () => {
    const embed = await page(`/embed/events/${published.event.id}`);
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(meta(embed.body, 'name', 'robots')).toBe('noindex');
    for (const url of [`/details/${published.event.id}`, '/', '/embedded', '/payment/method', '/v1/event/view']) {
      const res = await page(url);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('lets other sites’ pages load widget.js (cross-origin resource policy), compressed or not', async () => {
    for (const encoding of ['identity', 'br']) {
      const res = await t.app.inject({ method: 'GET', url: '/widget.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], encoding).toBe('cross-origin');
    }
    const other = await t.app.inject({ method: 'GET', url: '/route-preloads.json' });
    expect(other.headers['cross-origin-resource-policy']).toBe('same-site');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('lets crawlers in, keeps them out of private pages and the API, and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('User-agent: *');
    for (const path of ['/organizer/', '/account/', '/payment/', '/dev/', '/v1/']) {
      expect(res.body).toContain(`Disallow: ${path}`);
    }
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('lists the public pages and the published events that have not ended, as valid sitemap XML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(XMLValidator.validate(res.body)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(res.body);
    expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls: { loc: string; lastmod?: string }[] = [doc.urlset.url].flat();
    const locs = urls.map((u) => u.loc);
    expect(locs).toContain(`${PUBLIC_URL}/`);
    expect(locs).toContain(`${PUBLIC_URL}/all-events`);
    for (const post of BLOG_POSTS) expect(locs).toContain(`${PUBLIC_URL}/blog/${post.slug}`);
    expect(locs).toContain(`${PUBLIC_URL}/details/${published.event.id}/nairobi-fintech-summit`);
    expect(locs.some((l) => l.includes(`/details/${draft.event.id}/`))).toBe(false);
    expect(locs.some((l) => l.includes(`/details/${ended.event.id}/`))).toBe(false);
    for (const u of urls) {
      expect(u.loc.startsWith(`${PUBLIC_URL}/`)).toBe(true);
      if (u.lastmod) expect(Number.isNaN(Date.parse(u.lastmod))).toBe(false);
    }
  });
});
