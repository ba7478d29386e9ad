import { it } from 'vitest';
import { createTestApp } from './test-support/test-app.js';
import { createCategory, createEvent, createOrganiser } from './test-support/fixtures.js';
import { book } from './test-support/checkout.js';

it('scratch', async () => {
  const t = await createTestApp({ LOG_LEVEL: 'error' });
  const org = await createOrganiser(t.database.db);
  const cat = await createCategory(t.database.db);
  const { event, tickets } = await createEvent(t.database.db, { organisationId: org.organisationId, categoryId: cat.id });
  const res = await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 2 }] });
  console.log(res.statusCode, res.body);
  await t.close();
});
