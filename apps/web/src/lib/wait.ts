/** Resolves after `ms` milliseconds (the timed redirects of docs/product.md#business-constants-and-limits). */
export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
