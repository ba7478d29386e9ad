import { describe, expect, it } from 'vitest';
import { daySchema, idParamsSchema, moneySchema, numberFromText, text } from './common.js';
import { updatedTicketSchema, ticketRowFormSchema } from './events/ticket-form.js';
import { eventFieldsSchema } from './events/event-form.js';
import { sendMessageBodySchema } from './contact/send-message.js';
import { listEventsQuerySchema } from './catalogue/list-events.js';

describe('shared schemas', () => {
  it('accepts real days only', () => {
    expect(daySchema.safeParse('2026-02-28').success).toBe(true);
    expect(daySchema.safeParse('2026-02-30').success).toBe(false);
    expect(daySchema.safeParse('2026-13-01').success).toBe(false);
    expect(daySchema.safeParse('26-1-1').success).toBe(false);
  });
  it('accepts money with at most two decimals', () => {
    expect(moneySchema.safeParse(12.5).success).toBe(true);
    expect(moneySchema.safeParse(1.234).success).toBe(false);
    expect(numberFromText(moneySchema).safeParse('99.99').success).toBe(true);
  });
  it('refuses the NUL character in text, wherever it sits', () => {
    for (const value of ['\u0000', 'Nairobi\u0000', '\u0000KICC']) {
      expect(text().safeParse(value).success).toBe(false);
      expect(sendMessageBodySchema.safeParse({ name: value, email: 'a@b.co', message: 'hi' }).success).toBe(false);
    }
    expect(text().safeParse('Nairobi').success).toBe(true);
  });
  it('takes numbers in JSON bodies as numbers only, never coerced', () => {
    const row = { id: 4, name: 'Regular', price_per_ticket: 10, no_of_persons: 1, max_tickets: 5, status: 1 };
    expect(updatedTicketSchema.safeParse(row).success).toBe(true);
    for (const wrong of [true, [7], '0x10', '16', null, '']) {
      expect(updatedTicketSchema.safeParse({ ...row, max_tickets: wrong }).success).toBe(false);
      expect(updatedTicketSchema.safeParse({ ...row, price_per_ticket: wrong }).success).toBe(false);
    }
  });
  it('reads numbers typed as text in decimal digits only', () => {
    const row = { id: -1, name: 'VIP', price_per_ticket: '49.50', no_of_persons: '2', max_tickets: ' 100 ', status: 1 };
    expect(ticketRowFormSchema.parse(row)).toMatchObject({
      price_per_ticket: 49.5,
      no_of_persons: 2,
      max_tickets: 100,
    });
    for (const wrong of ['0x10', '1e3', 'Infinity', '12abc', '']) {
      expect(ticketRowFormSchema.safeParse({ ...row, max_tickets: wrong }).success).toBe(false);
      expect(idParamsSchema.safeParse({ id: wrong }).success).toBe(false);
    }
    expect(idParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
    const fields = {
      title: 'Summit',
      currency: 'USD',
      start_time: '2030-01-01T09:00',
      end_time: '2030-01-01T17:00',
      location: 'KICC',
    };
    expect(eventFieldsSchema.safeParse({ ...fields, category_id: '0x10' }).success).toBe(false);
    expect(eventFieldsSchema.safeParse({ ...fields, category_id: '3' }).success).toBe(true);
  });
  it('defaults the public list to page 1 and 6 events and ignores empty filters', () => {
    expect(listEventsQuerySchema.parse({ category_id: '', filter: '' })).toEqual({ page: 1, limit: 6 });
  });
  it('refuses an end day before the start day', () => {
    const r = listEventsQuerySchema.safeParse({ start: '2026-03-10', end: '2026-03-09' });
    expect(r.success).toBe(false);
  });
});
