import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../db/client.js';
import { startApiProcess, type ApiProcess } from '../../test-support/api-process.js';
import { createOrganiser } from '../../test-support/fixtures.js';

/**
 * An ended session answers 401 at once on every instance (docs/security.md#sessions): two API
 * processes on one PostgreSQL database, as compose runs api1 and api2. Neither keeps a session
 * in memory, so ending it through one is seen by the other on its very next call.
 */
const name = `sess_${randomBytes(5).toString('hex')}`;
const url = () => inject('postgresUrl').replace(/\/[^/]*$/, `/${name}`);
let admin: pg.Client;
const instances: ApiProcess[] = [];
let organiser: { email: string; password: string };

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE tikiti_template`);
  for (let i = 0; i < 2; i++) instances.push(await startApiProcess({ DATABASE_URL: url() }));
  const database = await openPostgres(url());
  try {
    organiser = await createOrganiser(database.db);
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((api) => api.stop()));
  await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
});

async function fetchAs(api: ApiProcess, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${api.baseUrl}${path}`, {
    method,
    headers: { ...(token ? { auth: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, token: res.headers.get('auth'), json: (await res.json()) as { data: unknown } };
}

const signIn = async (api: ApiProcess) => {
  const res = await fetchAs(api, 'POST', '/v1/auth/login', undefined, {
    username: organiser.email,
    password: organiser.password,
  });
  expect(res.status).toBe(200);
  return res.token!;
};

describe('sessions across two instances on one database', () => {
  it('ending a session through one instance makes its token answer 401 on the other at once', async () => {
    const [a, b] = instances as [ApiProcess, ApiProcess];
    const laptop = await signIn(a);
    const phone = await signIn(b);
    // Both instances know both sessions.
    for (const api of [a, b])
      for (const token of [laptop, phone])
        expect((await fetchAs(api, 'GET', '/v1/client/self', token)).status).toBe(200);

    const list = await fetchAs(a, 'GET', '/v1/auth/sessions', laptop);
    const phoneSession = (list.json.data as { id: number; current: boolean }[]).find((s) => !s.current)!;
    expect((await fetchAs(a, 'DELETE', `/v1/auth/sessions/${phoneSession.id}`, laptop)).status).toBe(200);
    const ended = await fetchAs(b, 'GET', '/v1/client/self', phone);
    expect([ended.status, (ended.json.data as { code: string }).code]).toEqual([401, 'auth.session_ended']);
    expect((await fetchAs(a, 'GET', '/v1/client/self', phone)).status).toBe(401);
    expect((await fetchAs(b, 'GET', '/v1/client/self', laptop)).status).toBe(200);

    // Logging out through B ends the laptop's session on A too.
    expect((await fetchAs(b, 'POST', '/v1/auth/logout', laptop)).status).toBe(200);
    expect((await fetchAs(a, 'GET', '/v1/client/self', laptop)).status).toBe(401);
  }, 60_000);

  it('a new password set through one instance ends every other session on both', async () => {
    const [a, b] = instances as [ApiProcess, ApiProcess];
    const tokens = [await signIn(a), await signIn(b)];
    const changed = await fetchAs(a, 'POST', '/v1/auth/password/change', tokens[0], {
      current_password: organiser.password,
      password: 'Mango-Baobab-Tusker-71',
    });
    expect(changed.status).toBe(200);
    organiser = { ...organiser, password: 'Mango-Baobab-Tusker-71' };
    expect((await fetchAs(b, 'GET', '/v1/client/self', tokens[1])).status).toBe(401);
    expect((await fetchAs(b, 'GET', '/v1/client/self', changed.token!)).status).toBe(200);
  }, 60_000);
});
