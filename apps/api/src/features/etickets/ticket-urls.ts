import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { ticketSecret } from './ticket-keys.js';

/**
 * Signed addresses of a booking's files (docs/api.md#e-tickets): the QR images, the
 * PDF and the calendar file are fetched by `<img>` tags, download links and mail clients,
 * which cannot send the `Auth` header. So the calls that know the caller (GET v1/tickets/view,
 * the mails) hand out addresses carrying `?sig=<expiry>.<HMAC of the file's name and expiry>`,
 * and a file asked for without a live signature is a 404, like one that does not exist.
 */
const SECRET_NAME = 'ticket-url-signing';
const HOUR_MS = 3_600_000;

/** How long an address works: a day on the e-tickets page, 30 days in a mail. */
export const URL_LIFETIME_HOURS = { page: 24, mail: 30 * 24 } as const;

/**
 * What an address names: the QR image of a ticket (its id) or of a booking's own code (its
 * reference), a booking's PDF or calendar file; a delegate's own ticket page (the web page
 * /ticket/{id}, whose signature GET v1/tickets/delegate/{id} checks), and that one ticket's PDF
 * and calendar file (docs/product.md#delegates-and-questions).
 */
export type SignedFile =
  | `qr:${number | string}`
  | `pdf:${string}`
  | `ics:${string}`
  | `delegate:${number}`
  | `ticket-pdf:${number}`
  | `ticket-ics:${number}`;

/** A delegate's link and its files work until this many days after the event ends. */
export const DELEGATE_LINK_DAYS = 7;

const mac = (secret: Buffer, file: SignedFile, expires: number) =>
  createHmac('sha256', secret).update(`${file}:${expires}`).digest('base64url').slice(0, 32);

const secretOf = async (ctx: AppContext, tx?: Tx) =>
  Buffer.from(
    (await ticketSecret(ctx.db, SECRET_NAME, () => randomBytes(32).toString('base64url'), tx)).value,
    'base64url',
  );

const pathOf = (file: SignedFile) => {
  const [kind, name] = file.split(/:(.*)/) as [string, string];
  switch (kind) {
    case 'qr':
      return `/v1/tickets/qr/${name}.png`;
    case 'delegate':
      return `/ticket/${name}`;
    case 'ticket-pdf':
      return `/v1/tickets/${name}/ticket.pdf`;
    case 'ticket-ics':
      return `/v1/tickets/${name}/event.ics`;
    default:
      return `/v1/booking/${name}/${kind === 'pdf' ? 'tickets.pdf' : 'event.ics'}`;
  }
};

/**
 * A signer of addresses that work for `lifetime`. The expiry is rounded up to the next hour, so
 * addresses handed out within one hour are the same and a browser's cache keeps the images.
 * Paths only: the web app serves the API on its own origin; mails prefix PUBLIC_URL.
 */
export async function ticketUrlSigner(
  ctx: AppContext,
  lifetime: keyof typeof URL_LIFETIME_HOURS,
  opts: { tx?: Tx; now?: number } = {},
) {
  const secret = await secretOf(ctx, opts.tx);
  const now = opts.now ?? Date.now();
  const expires = (Math.floor(now / HOUR_MS) + 1 + URL_LIFETIME_HOURS[lifetime]) * HOUR_MS;
  return (file: SignedFile) => `${pathOf(file)}?sig=${expires}.${mac(secret, file, expires)}`;
}

/**
 * A signer of addresses that work until `until` (rounded up to the hour), whenever they are made:
 * a delegate's link is the same in every mail and page, and lasts until some days after the event.
 */
export async function ticketUrlSignerUntil(ctx: AppContext, until: Date, opts: { tx?: Tx } = {}) {
  const secret = await secretOf(ctx, opts.tx);
  const expires = Math.ceil(until.getTime() / HOUR_MS) * HOUR_MS;
  return (file: SignedFile) => `${pathOf(file)}?sig=${expires}.${mac(secret, file, expires)}`;
}

/** The end of a delegate's link of an event ending at `end`. */
export const delegateLinkUntil = (end: Date) => new Date(end.getTime() + DELEGATE_LINK_DAYS * 24 * HOUR_MS);

/** True when `sig` (from `?sig=`) is a live signature of `file` made by this application. */
export async function fileSignatureValid(ctx: AppContext, file: SignedFile, sig: string | undefined, now = Date.now()) {
  const match = /^(\d{13})\.([\w-]{32})$/.exec(sig ?? '');
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= now) return false;
  const expected = Buffer.from(mac(await secretOf(ctx), file, expires));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
