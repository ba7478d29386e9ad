/** Resolves after `ms` milliseconds (the spec's timed redirects). */
export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
