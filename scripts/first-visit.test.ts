import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_VISIT_PAGES, firstVisitScripts } from './first-visit-scripts.js';

/**
 * No zod on a first visit of home, all events or an event's page: the schemas load with the first
 * answer (docs/decisions/0017-first-javascript.md, 0022-main-thread-on-a-phone.md). Read from the
 * build (`npm run build`; `npm test` builds first), each script's source map naming the modules in it.
 */
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

/** The modules of zod in a built script: zod's own files, or the web app's wrapper around it. */
function zodModules(file: string): string[] {
  const map = `${path.join(dist, file)}.map`;
  if (!fs.existsSync(map)) {
    // The boot script is copied as it is, without a map: it must import nothing.
    expect(fs.readFileSync(path.join(dist, file), 'utf8'), file).not.toMatch(/\bfrom\s*["']|\bimport\s*["']/);
    return [];
  }
  const { sources } = JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] };
  return sources.filter((s) => /(?:^|\/)node_modules\/zod\/|\/lib\/zod-without-eval\.ts$/.test(s));
}

describe('a first visit’s JavaScript', () => {
  const scripts = fs.existsSync(path.join(dist, 'index.html')) ? firstVisitScripts(dist) : undefined;

  it('is read from the build', () => {
    expect(scripts, 'apps/web/dist is missing: run `npm run build` first').toBeDefined();
  });

  it.each(FIRST_VISIT_PAGES)('of %s holds no zod', (page) => {
    const files = scripts![page];
    expect(files.some((f) => /\/index-[\w-]+\.js$/.test(f))).toBe(true);
    expect(Object.fromEntries(files.map((f) => [f, zodModules(f)]).filter(([, z]) => z!.length))).toEqual({});
  });

  it('sees zod where it is: in the schemas a page’s first answer loads', () => {
    const { details } = JSON.parse(fs.readFileSync(path.join(dist, 'route-preloads.json'), 'utf8')) as Record<
      string,
      { answers: string[] }
    >;
    expect(details!.answers.flatMap(zodModules).length).toBeGreaterThan(0);
  });
});
