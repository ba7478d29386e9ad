import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { loggerOptions } from './logger.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { readConfig } from '../config.js';
import { openTestDatabase } from '../test-support/test-app.js';
import type { Database } from '../db/client.js';
import { conflict } from './errors.js';

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'false', WEB_DIST: '/nonexistent' });
  app = await buildApp({ config, db: database.db });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/v1/test/echo',
    { schema: { body: z.object({ name: z.string().min(1), count: z.number().int().positive() }) } },
    async (request) => ({ status: 200, status_description: 'OK', data: request.body }),
  );
  typed.get('/v1/test/boom', async () => {
    throw new Error('secret internal detail: connection string postgres://user:pw@db');
  });
  typed.get('/v1/test/conflict', async () => {
    throw conflict('Already exists', [{ path: 'email_address', message: 'Already registered' }]);
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('error envelope', () => {
  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      status_description: 'The request body is not valid JSON',
      data: { code: 'request.malformed' },
    });
  });

  it('answers a validation failure with 400 naming the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/test/echo', payload: { name: 'x', count: -1 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(400);
    expect(body.status_description).toMatch(/^count: /);
    expect(body.data.errors).toEqual([expect.objectContaining({ path: 'count' })]);
    expect(body.data.code).toBe('validation.invalid_field');
  });

  it('answers an unexpected error with 500 and no internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 500,
      status_description: 'Something went wrong on our side, please try again',
      data: { code: 'internal' },
    });
    expect(res.body).not.toContain('secret');
  });

  it('maps an AppError to its status with field errors', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 409,
      status_description: 'Already exists',
      data: { code: 'conflict', errors: [{ path: 'email_address', message: 'Already registered' }] },
    });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), count: 1 }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, data: { code: 'too_large' } });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 415, data: { code: 'unsupported_type' } });
  });
});

describe('what is logged', () => {
  it('keeps the request id, route and error codes, never the values of a failed query or a query string', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const logger = pino(loggerOptions('info') as pino.LoggerOptions, stream);
    const config = readConfig({ NODE_ENV: 'test', DEMO_DATA: 'false', WEB_DIST: '/nonexistent' });
    const logged = await buildApp({ config, db: database.db }, { logger });
    logged.withTypeProvider<ZodTypeProvider>().get('/v1/test/db-error', async () => {
      // PostgreSQL refuses the value, and Drizzle's error message carries the parameter.
      await database.db.execute(sql`select ${'amina.secret@example.co.ke'}::int`);
      return null;
    });
    await logged.ready();
    const res = await logged.inject({ method: 'GET', url: '/v1/test/db-error', headers: { auth: 'tok-secret-123' } });
    await logged.inject({ method: 'GET', url: '/v1/event/view?filter=amina.secret@example.co.ke' });
    await logged.close();

    expect(res.statusCode).toBe(500);
    const all = lines.join('\n');
    expect(all).not.toContain('amina.secret');
    expect(all).not.toContain('tok-secret-123');
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unexpected error');
    expect(failure).toMatchObject({
      reqId: res.headers['x-request-id'],
      route: '/v1/test/db-error',
      method: 'GET',
      status: 500,
    });
    expect(JSON.stringify(failure.error.causes)).toContain('22P02');
    expect(failure.error.causes[0].message).toContain('params: [not logged]');
  });
});
