import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Six contact messages from one connection, each claiming another address; the limit is 5. */
async function sixMessagesWithForgedAddresses(app: TestApp['app']) {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/contact',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      payload: { name: 'Amina', email: 'amina@example.co.ke', message: `Hello ${i}` },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe("the caller's address", () => {
  it('ignores X-Forwarded-For by default, so a forged header cannot dodge a rate limit', async () => {
    t = await createTestApp();
    expect(await sixMessagesWithForgedAddresses(t.app)).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('believes X-Forwarded-For from a trusted proxy', async () => {
    t = await createTestApp({ TRUST_PROXY: '203.0.113.7' });
    expect(await sixMessagesWithForgedAddresses(t.app)).toEqual([201, 201, 201, 201, 201, 201]);
  });
});
