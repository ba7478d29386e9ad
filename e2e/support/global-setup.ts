import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startBuiltApp } from './built-app.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the built app under test listens, e.g. http://127.0.0.1:41234. */
    baseUrl: string;
  }
}

/** The browser journeys' app: the built product in development mode (so /dev pages answer). */
export default async function setup(project: TestProject) {
  const app = await startBuiltApp({ NODE_ENV: 'development' });
  project.provide('baseUrl', app.baseUrl);
  return () => app.stop();
}
