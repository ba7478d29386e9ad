import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * The first screen of a public page, drawn on the server by the web build's own module
 * (`apps/web/dist-server/entry-server.js`, docs/decisions/0021-first-screen.md): the page's markup
 * and the answers it was drawn with, which the browser's app takes over.
 */
export interface FirstScreen {
  html: string;
  state: string;
}

/** Answers a call of the web app's API client in-process (the API's own routes, never the network). */
export type AnswerCall = (url: string, init: RequestInit) => Promise<Response>;

interface ServerModule {
  answerCallsWith(answer: AnswerCall): void;
  renderFirstScreen(url: string): Promise<FirstScreen>;
}

/** Pages kept at most, per address, while they are fresh: the busiest public pages, not every search. */
const MAX_KEPT = 200;

export interface FirstScreenRenderer {
  /**
   * The first screen of `url` (path and query), or null when there is no server build, it failed,
   * or the budget of new drawings is spent for now.
   */
  render(url: string): Promise<FirstScreen | null>;
  /** Loads the module now (about 2.6 MB of script), so the first visitor does not wait for it. */
  warm(): void;
}

export interface FirstScreenOptions {
  /** A page drawn this recently (ms) is sent again; 0 draws every time. */
  freshMs: number;
  /**
   * New drawings per second, with as many in a burst; 0 draws none. A page drawn this recently is
   * free (docs/decisions/0023-first-screens-on-a-budget.md).
   */
  perSecond: number;
  onError(err: unknown): void;
  /** A page the budget left to the browser. */
  onShed?(): void;
  /** The clock, in ms. */
  now?(): number;
}

/**
 * A token bucket: `perSecond` tokens a second, at most `perSecond` kept. `take` spends one if
 * there is one.
 */
function budget(perSecond: number, now: () => number) {
  let tokens = perSecond;
  let at = now();
  return {
    take() {
      const t = now();
      tokens = Math.min(perSecond, tokens + ((t - at) / 1000) * perSecond);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/**
 * Renders with the module at `entryFile`, loaded once (restart the API after a rebuild, as for its
 * own code). A page drawn in the last `freshMs` is sent again (the catalogue's answers are cached as
 * long: docs/operations.md#caching). A drawing costs 30–70 ms of the event loop against 1–2 ms for
 * the page's answers, so new drawings are on a budget: past it, the page goes out without its first
 * screen, as when the module is missing, and the browser draws it.
 */
export function firstScreenRenderer(
  entryFile: string,
  answer: AnswerCall,
  { freshMs, perSecond, onError, onShed, now = Date.now }: FirstScreenOptions,
): FirstScreenRenderer {
  // Looked for once, not on every page request: the build does not appear under a running server.
  const present = fs.existsSync(entryFile);
  let module: Promise<ServerModule> | null = null;
  const kept = new Map<string, { at: number; screen: Promise<FirstScreen | null> }>();
  const drawings = budget(perSecond, now);

  const load = () =>
    (module ??= import(pathToFileURL(entryFile).href).then((m: ServerModule) => {
      m.answerCallsWith(answer);
      return m;
    }));

  const draw = async (url: string): Promise<FirstScreen | null> => {
    try {
      return await (await load()).renderFirstScreen(url);
    } catch (err) {
      onError(err);
      return null;
    }
  };

  return {
    warm() {
      if (present && perSecond > 0) load().catch(onError);
    },
    async render(url) {
      if (!present) return null;
      const at = now();
      const hit = kept.get(url);
      if (hit && at - hit.at < freshMs) return hit.screen;
      if (!drawings.take()) {
        onShed?.();
        return null;
      }
      const screen = draw(url);
      if (freshMs > 0) {
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(url, { at, screen });
      }
      return screen;
    },
  };
}

/**
 * With the page already drawn, its text and first pictures come first and the app's code after:
 * the scripts are fetched at low priority instead of competing with the pictures on a slow link.
 */
function lowPriorityScripts(shell: string): string {
  return shell
    .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
    .replace(
      /<link rel="modulepreload" crossorigin href=/g,
      '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
    );
}

/**
 * With a boot script (docs/decisions/0022-main-thread-on-a-phone.md), the app's script and its
 * preloads leave the head: the boot script takes the app's place and fetches them, listed in its
 * `data-app` and `data-preload`, once the page's main picture is painted. Only our own files move.
 */
function bootedScripts(shell: string, boot: string): string {
  const app = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/.exec(shell);
  if (!app) return lowPriorityScripts(shell);
  const preloads: string[] = [];
  const rest = shell.replace(
    /[ \t]*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)"\s*\/?>\n?/g,
    (_, href) => {
      preloads.push(href as string);
      return '';
    },
  );
  return rest.replace(
    app[0],
    () =>
      `<script type="module" crossorigin src="${boot}" data-app="${app[1]}" data-preload="${preloads.join(' ')}"></script>`,
  );
}

/**
 * The shell with the first screen inside its root element and the answers beside it. The
 * resources React asks the page to preload (the first pictures) go to the head, where the
 * browser finds them first. With `boot` (the web build's first-screen script) the app's code is
 * fetched after the main picture; without it, at low priority.
 */
export function withFirstScreen(shell: string, screen: FirstScreen, boot?: string): string {
  const leading = /^(?:<link [^>]*\/?>)+/.exec(screen.html)?.[0] ?? '';
  const body = screen.html.slice(leading.length);
  return (boot ? bootedScripts(shell, boot) : lowPriorityScripts(shell))
    .replace('</head>', () => `${leading ? `    ${leading}\n` : ''}  </head>`)
    .replace(
      '<div id="app"></div>',
      // A function, so `$&` and its kind in an event's text are never read as replacement patterns.
      () =>
        `<div id="app">${body}</div>\n    <script type="application/json" id="first-screen-state">${screen.state}</script>`,
    );
}
