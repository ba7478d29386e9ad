import { apiDownload, type RequestOptions } from '../../../lib/api-client';
import type { z } from 'zod';

/** Saves a file the API makes for the organiser (a CSV register, a badges PDF) under the name the API gave. */
export async function saveDownload(
  path: string,
  {
    query,
    fallbackName,
    onProgress,
  }: {
    query?: RequestOptions<z.ZodType>['query'];
    fallbackName: string;
    onProgress?: (received: number, total: number | null) => void;
  },
) {
  const { blob, fileName } = await apiDownload(path, { side: 'organiser', query, onProgress });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName ?? fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
