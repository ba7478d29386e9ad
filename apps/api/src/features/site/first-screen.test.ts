import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugify } from '@tikiti/contract';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { firstScreenRenderer, withFirstScreen } from './first-screen.js';

/**
 * Home, all events and an event's page as a phone receives them before any script runs: their
 * first screen drawn by the web build's own server module (docs/decisions/0021-first-screen.md).
 * Uses the real module from `npm run build` (apps/web/dist-server).
 */
const web = fileURLToPath(new URL('../../../../web/', import.meta.url));
const serverModule = path.join(web, 'dist-server/entry-server.js');

let t: TestApp;
let root: string;
let summit: Awaited<ReturnType<typeof createEvent>>;
let gala: Awaited<ReturnType<typeof createEvent>>;

beforeAll(async () => {
  if (!fs.existsSync(serverModule) || !fs.existsSync(path.join(web, 'dist/index.html')))
    throw new Error(`${serverModule} is missing: run npm run build first`);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-first-screen-'));
  fs.mkdirSync(path.join(root, 'dist'));
  fs.mkdirSync(path.join(root, 'dist-server'));
  fs.copyFileSync(path.join(web, 'dist/index.html'), path.join(root, 'dist/index.html'));
  for (const built of ['route-preloads.json', 'first-screen.json'])
    fs.copyFileSync(path.join(web, 'dist', built), path.join(root, 'dist', built));
  fs.copyFileSync(serverModule, path.join(root, 'dist-server/entry-server.js'));
  t = await createTestApp({ WEB_DIST: path.join(root, 'dist') });
  const db = t.database.db;
  const org = await createOrganiser(db);
  const categoryId = (await createCategory(db)).id;
  summit = await createEvent(db, {
    organisationId: org.organisationId,
    categoryId,
    title: 'Mombasa Ports Summit',
    location: 'Sarova Whitesands, Mombasa',
    tickets: [{ name: 'Delegate', price: 120, max: 50 }],
  });
  gala = await createEvent(db, {
    organisationId: org.organisationId,
    categoryId,
    // What an organiser types is text: markup stays text, `$&` is not a replacement pattern.
    title: 'Gala <b>night</b> $& $1 pricing',
    tickets: [{ name: 'Table', price: 80, max: 10 }],
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  const html = res.body;
  const app = /<div id="app">([\s\S]*?)<\/div>\n {4}<script type="application\/json" id="first-screen-state">/.exec(
    html,
  );
  const state = /<script type="application\/json" id="first-screen-state">([\s\S]*?)<\/script>/.exec(html);
  return { res, html, app: app?.[1] ?? null, state: state ? JSON.parse(state[1]!) : null };
};

/** Scripts the browser would run: only our own files may (the Content-Security-Policy has no inline scripts). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/g)].map((m) => m[0]);

describe('the first screen drawn on the server', () => {
  it('home: the page’s sections and the events on sale, with the answers they were drawn with', async () => {
    const { res, app, state, html } = await page('/');
    expect(res.statusCode).toBe(200);
    expect(app).toContain('Online Event Ticketing');
    expect(app).toContain('Mombasa Ports Summit');
    expect(inlineScripts(html)).toEqual([]);
    // The page is drawn: its picture comes before the app's code, which the boot script fetches.
    const { boot } = JSON.parse(fs.readFileSync(path.join(web, 'dist/first-screen.json'), 'utf8')) as { boot: string };
    expect(html).toMatch(
      new RegExp(
        `<script type="module" crossorigin src="${boot}" data-app="/assets/index-[\\w-]+\\.js" data-preload="[^"]*">`,
      ),
    );
    expect(html).not.toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
    const keys = state.queries.map((q: { queryKey: unknown[] }) => q.queryKey[0]);
    expect(keys).toContain('events');
    const events = state.queries.find((q: { queryKey: unknown[] }) => q.queryKey[0] === 'events');
    expect(JSON.stringify(events.state.data)).toContain('Mombasa Ports Summit');
  });

  it('an event’s page: its title, place and ticket types, and its picture asked for from the head', async () => {
    const { event } = summit;
    const { res, app, html } = await page(`/details/${event.id}/${slugify(event.title)}`);
    expect(res.statusCode).toBe(200);
    expect(app).toContain('<h1');
    expect(app).toContain('Mombasa Ports Summit');
    expect(app).toContain('Sarova Whitesands, Mombasa');
    expect(app).toContain('Delegate');
    expect(inlineScripts(html)).toEqual([]);
    // Nothing React asked to preload is left inside the app's root element.
    expect(app).not.toMatch(/^<link/);
  });

  it('fetches a drawn page’s code after its picture, not the schemas of the answers it already has', async () => {
    const lists = JSON.parse(fs.readFileSync(path.join(web, 'dist/route-preloads.json'), 'utf8')) as Record<
      string,
      { code: string[]; answers: string[] }
    >;
    // What the boot script will fetch once the picture is in; nothing is preloaded from the head.
    const preloads = (html: string) => {
      expect(html).not.toContain('rel="modulepreload"');
      return /data-preload="([^"]*)"/.exec(html)![1]!.split(' ');
    };
    for (const [url, name] of [
      [`/details/${summit.event.id}/x`, 'details'],
      ['/all-events', 'all-events'],
    ] as const) {
      const { html } = await page(url);
      expect(lists[name]!.answers.length).toBeGreaterThan(0);
      expect(preloads(html)).toEqual(expect.arrayContaining(lists[name]!.code));
      for (const file of lists[name]!.answers) expect(preloads(html)).not.toContain(file);
    }
  });

  it('all events: the search in the address decides the list', async () => {
    const { app } = await page('/all-events?q=Mombasa');
    expect(app).toContain('Mombasa Ports Summit');
    expect(app).not.toContain('Gala');
  });

  it('keeps what organisers write as text, even `$&`', async () => {
    const { app } = await page(`/details/${gala.event.id}/x`);
    expect(app).toContain('Gala &lt;b&gt;night&lt;/b&gt; $&amp; $1 pricing');
    expect(app).not.toContain('<b>night</b>');
  });

  it('sends an unknown event’s page and the other pages without a first screen', async () => {
    for (const url of ['/details/987654/x', '/about-us', '/organizer/dashboard']) {
      const { html, state } = await page(url);
      expect(html).toContain('<div id="app"></div>');
      expect(state).toBeNull();
    }
  });
});

describe('the budget of drawings', () => {
  /** A stand-in for the web build's server module that draws the address it is given. */
  const standIn = () => {
    const file = path.join(root, 'stand-in.mjs');
    fs.writeFileSync(
      file,
      'export function answerCallsWith() {}\nexport async function renderFirstScreen(url) { return { html: url, state: "{}" }; }\n',
    );
    return file;
  };
  const renderer = (perSecond: number, freshMs = 1000) => {
    const clock = { ms: 0 };
    const shed: string[] = [];
    const screens = firstScreenRenderer(standIn(), () => Promise.reject(new Error('no calls')), {
      freshMs,
      perSecond,
      onError: (err) => {
        throw err;
      },
      onShed: () => shed.push('shed'),
      now: () => clock.ms,
    });
    const drawn = async (url: string) => (await screens.render(url))?.html ?? null;
    return { clock, shed, drawn };
  };

  it('draws as many new pages as a second allows, sends the rest without, and refills with time', async () => {
    const { clock, shed, drawn } = renderer(2);
    expect([await drawn('/a'), await drawn('/b'), await drawn('/c')]).toEqual(['/a', '/b', null]);
    expect(shed).toHaveLength(1);
    // A page drawn this second costs nothing again.
    expect(await drawn('/a')).toBe('/a');
    clock.ms = 500; // half a second: one more drawing
    expect([await drawn('/c'), await drawn('/d')]).toEqual(['/c', null]);
    clock.ms = 60_000; // a quiet minute saves no more than one second's worth
    expect([await drawn('/e'), await drawn('/f'), await drawn('/g')]).toEqual(['/e', '/f', null]);
    expect(shed).toHaveLength(3);
  });

  it('draws nothing on the server with a budget of 0', async () => {
    const { shed, drawn } = renderer(0);
    expect(await drawn('/a')).toBeNull();
    expect(shed).toHaveLength(1);
  });

  it('past the budget, a page still answers 200 with its title and JSON-LD, and /metrics counts it', async () => {
    // The server module is one per process: this app's answers replace the first app's, which
    // draws nothing after this test.
    const one = await createTestApp({ WEB_DIST: path.join(root, 'dist'), FIRST_SCREENS_PER_SECOND: '1' });
    try {
      const org = await createOrganiser(one.database.db);
      const categoryId = (await createCategory(one.database.db)).id;
      const [a, b] = await Promise.all(
        ['Kisumu Lakeside Expo', 'Gala <b>night</b>'].map((title) =>
          createEvent(one.database.db, { organisationId: org.organisationId, categoryId, title }),
        ),
      );
      const get = (url: string) => one.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
      // Two pages at once: one token, so one is drawn and the other goes out without its first screen.
      const pages = await Promise.all([a!, b!].map((e) => get(`/details/${e.event.id}/x`)));
      const drawn = pages.filter((p) => p.body.includes('id="first-screen-state"'));
      const shed = pages.filter((p) => p.body.includes('<div id="app"></div>'));
      expect([drawn.length, shed.length]).toEqual([1, 1]);
      expect(shed[0]!.statusCode).toBe(200);
      expect(shed[0]!.body).toMatch(/<title>(Kisumu Lakeside Expo|Gala &lt;b&gt;night&lt;\/b&gt;) · Tikiti<\/title>/);
      expect(shed[0]!.body).toContain('<script type="application/ld+json">');
      expect((await get('/metrics')).body).toMatch(/^tikiti_first_screens_shed_total 1$/m);
    } finally {
      await one.close();
    }
  });
});

describe('withFirstScreen', () => {
  it('moves the leading preloads to the head and reads nothing in the markup as a replacement pattern', () => {
    const shell = '<html><head><title>x</title></head><body><div id="app"></div></body></html>';
    const out = withFirstScreen(shell, {
      html: '<link rel="preload" as="image" href="/a.webp"/><main>$& $` $\' $1</main>',
      state: '{"queries":[]}',
    });
    expect(out).toContain('<link rel="preload" as="image" href="/a.webp"/>\n  </head>');
    expect(out).toContain('<div id="app"><main>$& $` $\' $1</main></div>');
    expect(out).toContain('<script type="application/json" id="first-screen-state">{"queries":[]}</script>');
  });

  it('puts the boot script in the app’s place, with the app and its preloads to fetch later', () => {
    const shell =
      '<head><script type="module" crossorigin src="/assets/index-A.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/runtime-B.js">\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/page-C.js" />\n</head><div id="app"></div>';
    const out = withFirstScreen(shell, { html: '<main></main>', state: '{}' }, '/assets/boot-D.js');
    expect(out).toContain(
      '<script type="module" crossorigin src="/assets/boot-D.js" data-app="/assets/index-A.js" ' +
        'data-preload="/assets/runtime-B.js /assets/page-C.js"></script>',
    );
    expect(out).not.toContain('modulepreload');
  });

  it('asks for the app’s scripts at low priority once the page is drawn, without a boot script', () => {
    const shell =
      '<head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/app-B.js"></head><div id="app"></div>';
    const out = withFirstScreen(shell, { html: '<main></main>', state: '{}' });
    expect(out).toContain('<script type="module" crossorigin fetchpriority="low" src="/assets/index-A.js">');
    expect(out).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/app-B.js">');
  });
});
