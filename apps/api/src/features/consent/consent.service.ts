import { createHmac, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_CONSENT_WORDING, checkoutConsentWording } from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import { appSecret } from '../../lib/app-secrets.js';
import {
  deleteConsents,
  eventOrganiser,
  insertConsent,
  latestConsent,
  listConsents,
  type ConsentRow,
} from './consent.repo.js';

/**
 * Marketing consent (docs/security.md#consent): nobody gets news unless their newest answer is
 * yes, given by ticking an unticked box at checkout or turning on the toggle in their account;
 * every answer is kept with its words, time and place, and a signed link in every marketing mail
 * withdraws it without signing in.
 */

/** The checkout's box, ticked: recorded with the words the buyer saw for this event's organiser. */
export async function recordCheckoutConsent(
  db: Db | Tx,
  c: { email: string; accountId: number | null; eventId: number },
) {
  const organiser = await eventOrganiser(db, c.eventId);
  if (!organiser) return;
  await insertConsent(db, {
    email: c.email,
    accountId: c.accountId,
    organisationId: organiser.id,
    granted: true,
    wording: checkoutConsentWording(organiser.name),
    source: 'checkout',
  });
}

/** The account's toggle, turned on or off: a new answer, unless it says what the newest already says. */
export async function setAccountConsent(db: Db | Tx, c: { email: string; accountId: number; granted: boolean }) {
  const now = await latestConsent(db, c.email);
  if ((now?.granted ?? false) === c.granted) return;
  await insertConsent(db, {
    email: c.email,
    accountId: c.accountId,
    granted: c.granted,
    wording: ACCOUNT_CONSENT_WORDING,
    source: 'account',
  });
}

/** Whether an email may be sent news now: its newest answer is yes. */
export async function hasMarketingConsent(db: Db | Tx, email: string): Promise<boolean> {
  return (await latestConsent(db, email))?.granted ?? false;
}

export const consentHistory = (db: Db | Tx, email: string): Promise<ConsentRow[]> => listConsents(db, email);
export const forgetConsents = (db: Db | Tx, email: string) => deleteConsents(db, email);

/** The secret the withdraw links are signed with, kept in app_secrets (one for every instance). */
const LINK_SECRET = 'consent-link';
const TOKEN_VERSION = 'u1';

const signature = (key: Buffer, email: string) =>
  createHmac('sha256', key).update(`${TOKEN_VERSION}:${email}`).digest('base64url');

/**
 * The token of an email's withdraw link: the address and an HMAC of it. It never expires, since
 * a person may click "stop" in a mail years old; it can do nothing but say no.
 */
export async function withdrawToken(db: Db, email: string): Promise<string> {
  const key = await appSecret(db, LINK_SECRET);
  return `${TOKEN_VERSION}.${Buffer.from(email, 'utf8').toString('base64url')}.${signature(key, email)}`;
}

/** The page a marketing mail links to (and its List-Unsubscribe header): every such mail must carry it. */
export async function withdrawUrl(db: Db, publicUrl: string, email: string): Promise<string> {
  return `${publicUrl.replace(/\/$/, '')}/news/stop?token=${encodeURIComponent(await withdrawToken(db, email))}`;
}

const linkInvalid = () =>
  badRequest(
    'This link is not valid. Sign in and turn off news in My data instead.',
    undefined,
    'privacy.link_invalid',
  );

/** POST v1/consent/withdraw: the link's token says no for its email; clicking it twice is the same no. */
export async function withdrawByLink(db: Db, token: string): Promise<{ email: string }> {
  const [version, encoded, sig] = token.split('.');
  if (version !== TOKEN_VERSION || !encoded || !sig) throw linkInvalid();
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  const key = await appSecret(db, LINK_SECRET);
  const expected = Buffer.from(signature(key, email));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw linkInvalid();
  const now = await latestConsent(db, email);
  if (now?.granted) {
    await insertConsent(db, {
      email,
      accountId: now.accountId,
      granted: false,
      wording: 'Stop sending me news (the link in a mail)',
      source: 'link',
    });
  }
  return { email: maskEmail(email) };
}

/** "w••••@example.com": enough for a person to recognise their address, not enough to read it off a screen. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}
