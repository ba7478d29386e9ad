import { apiDownload, type RequestOptions, type Side } from './api-client';
import type { z } from 'zod';

/**
 * Fetches a file the API makes for the signed-in caller (apiDownload: the `Auth` header a plain
 * link cannot send) and hands it to the browser as a download named as the API named it.
 */
export async function saveDownload(
  path: string,
  fallbackName: string,
  opts: { side: Side; query?: RequestOptions<z.ZodType>['query'] },
) {
  const { blob, fileName } = await apiDownload(path, opts);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName ?? fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
