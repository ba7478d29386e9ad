import { config } from 'zod/v4/core';

/**
 * zod compiles a fast parser for each object schema with `new Function` when the page allows it,
 * and probes for that when a schema is built. The API's Content-Security-Policy forbids eval
 * (docs/security.md), so the probe fails; the failure is caught, but Chrome reports it as a
 * Content-Security-Policy issue on every page (Lighthouse's best-practices score counts it).
 * The web app parses a few small answers, so it does without the compiled parsers. Must run
 * before any schema is built: main.tsx imports this module first.
 */
config({ jitless: true });
