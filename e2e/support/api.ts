import { expect, inject } from 'vitest';

/** The `data` of the built app's answer to `GET /v1/{path}`, which must be 200; `token` signs the call in. */
export async function apiData<T>(path: string, token?: string): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/v1/${path}`, { headers: token ? { Auth: token } : {} });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}
