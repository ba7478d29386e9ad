import fs from 'node:fs';
import path from 'node:path';

/** The public pages whose first visit is held to a budget (docs/decisions/0022-main-thread-on-a-phone.md). */
export const FIRST_VISIT_PAGES = ['home', 'all-events', 'details'] as const;
export type FirstVisitPage = (typeof FIRST_VISIT_PAGES)[number];

/** `import … from"./x.js"`, `import"./x.js"` and `export … from"./x.js"`, as the build writes them; never `import("./x.js")`. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g;

const readJson = <T>(dist: string, name: string) => JSON.parse(fs.readFileSync(path.join(dist, name), 'utf8')) as T;

/** `files` (addresses such as /assets/app-x.js) and every script they import statically, at any depth. */
function withStaticImports(dist: string, files: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    for (const [, name] of code.matchAll(STATIC_IMPORT)) visit(path.posix.join(path.posix.dirname(file), name!));
  };
  files.forEach(visit);
  return [...seen];
}

/**
 * The scripts a first visit of each page loads, from the web build in `dist`: the app's entry and
 * what index.html preloads with it, the boot script of a page the server drew (first-screen.json),
 * and for all events and an event's page the code route-preloads.json names for them; each with
 * what it imports statically. The schemas of a page's first answer are not in it: they load with
 * the answer (docs/decisions/0017-first-javascript.md).
 */
export function firstVisitScripts(dist: string): Record<FirstVisitPage, string[]> {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const app = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const { boot } = readJson<{ boot: string }>(dist, 'first-screen.json');
  const preloads = readJson<Record<string, { code: string[] }>>(dist, 'route-preloads.json');
  const page = (code: string[]) => withStaticImports(dist, [...app, boot, ...code]);
  return {
    home: page([]),
    'all-events': page(preloads['all-events']!.code),
    details: page(preloads.details!.code),
  };
}
