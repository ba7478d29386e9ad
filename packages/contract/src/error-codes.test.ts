import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS } from './error-codes.js';

/**
 * The codes the API can answer with are the contract's list (the types hold every throw site to
 * it); this holds docs/api.md#error-codes to that list, status for status, and the list to what
 * the API's code uses.
 */
const root = path.resolve(import.meta.dirname, '../../..');

/** The rows of the table under "### Error codes" in docs/api.md: code → status. */
function documented(): Record<string, number> {
  const doc = fs.readFileSync(path.join(root, 'docs/api.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### Error codes'));
  const rows: Record<string, number> = {};
  for (const [, code, status] of section.matchAll(/^\| `([\w.]+)`\s*\| (\d{3})\s*\|/gm)) rows[code!] = Number(status);
  return rows;
}

/** The API's own code, tests left out. */
function apiSource(dir = path.join(root, 'apps/api/src')): string {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .map((e) => {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) return apiSource(file);
      return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? fs.readFileSync(file, 'utf8') : '';
    })
    .join('\n');
}

describe('error codes', () => {
  it('are documented in docs/api.md, each with its status, and nothing else is', () => {
    expect(documented()).toEqual(ERROR_STATUS);
  });

  it('are each answered somewhere by the API', () => {
    const source = apiSource();
    expect(ERROR_CODES.filter((code) => !source.includes(`'${code}'`))).toEqual([]);
  });
});
