import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sumMinor, toNairobiLocal } from '@tikiti/contract';
import type { Db } from '../db/client.js';
import { bookingLines, bookings } from '../db/schema/index.js';

/** A file part of a multipart body. */
export interface FilePart {
  name: string;
  bytes: Buffer;
  type?: string;
}

/**
 * A multipart/form-data body as a browser would send it, built with the platform's
 * FormData: the payload and its content-type header (with the boundary) for `inject`.
 */
export async function multipartBody(fields: Record<string, string | number>, file?: FilePart, fileField = 'file') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (file)
    form.append(
      fileField,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

export const pngImage = (width = 600, height = 300, colour = '#0f766e') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

export const jpegImage = (width = 600, height = 300, colour = '#f59e0b') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** Valid text fields of the event form, starting `startsInDays` from now (Nairobi wall time). */
export function eventFields(categoryId: number, overrides: Record<string, string | number> = {}, startsInDays = 30) {
  const start = new Date(Date.now() + startsInDays * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const end = new Date(start.getTime() + 8 * 3_600_000);
  return {
    title: 'Nairobi Fintech Summit',
    short_description: 'Payments, lending and regulation in East Africa',
    full_description: 'A day of talks.\n\nWorkshops in the afternoon.',
    start_time: toNairobiLocal(start),
    end_time: toNairobiLocal(end),
    category_id: categoryId,
    location: 'KICC, Nairobi',
    currency: 'USD',
    ...overrides,
  };
}

/** Sends the event form to `url` (POST create or PUT update) with an organiser token. */
export async function sendEventForm(
  app: FastifyInstance,
  opts: {
    method: 'POST' | 'PUT';
    url: string;
    token?: string;
    fields: Record<string, string | number>;
    file?: FilePart;
  },
) {
  const body = await multipartBody(opts.fields, opts.file);
  const request: InjectOptions = {
    method: opts.method,
    url: opts.url,
    payload: body.payload,
    headers: { ...body.headers, ...(opts.token ? { auth: opts.token } : {}) },
  };
  return app.inject(request);
}

/**
 * A booking row written directly (checkout builds these for real): `lines` copy name and
 * price from the ticket types as checkout does, and the total is their sum in minor units unless
 * given (a given total must agree with them). Paid bookings count their tickets as sold only if
 * the caller also sets `sold` on the ticket types (the fixtures do that).
 */
export async function insertBooking(
  db: Db,
  b: {
    eventId: number;
    accountId: number;
    status: number;
    totalMinor?: number;
    currency?: 'USD' | 'KES';
    lines?: { ticketTypeId: number; name: string; unitPriceMinor: number; quantity: number }[];
  },
) {
  const linesMinor = b.lines && sumMinor(b.lines.map((l) => l.unitPriceMinor * l.quantity));
  const totalMinor = b.totalMinor ?? linesMinor;
  if (totalMinor === undefined) throw new Error('insertBooking needs a total or lines');
  if (linesMinor !== undefined && totalMinor !== linesMinor) {
    throw new Error(`insertBooking: a total of ${totalMinor} for lines adding up to ${linesMinor}`);
  }
  const [booking] = await db
    .insert(bookings)
    .values({
      reference: `TK-${randomBytes(4).toString('hex').toUpperCase()}`,
      eventId: b.eventId,
      accountId: b.accountId,
      fullName: 'Achieng Buyer',
      email: 'achieng@example.com',
      currency: b.currency ?? 'USD',
      totalMinor,
      status: b.status,
      paymentMethod: 'card',
      holdExpiresAt: new Date(Date.now() + 15 * 60_000),
      paidAt: b.status === 2 ? new Date() : null,
    })
    .returning();
  if (b.lines?.length) {
    await db.insert(bookingLines).values(b.lines.map((l) => ({ ...l, bookingId: booking!.id, noOfPersons: 1 })));
  }
  return booking!;
}
