import { config } from 'zod/v4/core';

config({ jitless: true });

// The web build resolves `zod` to this module (vite.config.ts), so the setting above runs before
// any schema is built, wherever the first one is, and zod stays out of the first page's script.
export * from 'zod/v4';
export { default } from 'zod/v4';

/*
 * Why: zod compiles a fast parser for each object schema with `new Function` when the page
 * allows it, and probes for that when a schema is built. The API's Content-Security-Policy
 * forbids eval (docs/security.md), so the probe fails; the failure is caught, but Chrome reports
 * it as a Content-Security-Policy issue on every page (Lighthouse's best-practices score counts
 * it). The web app parses a few small answers, so it does without the compiled parsers.
 */
