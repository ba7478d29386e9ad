import { Secret, TOTP } from 'otpauth';
import { hash } from '@node-rs/argon2';
import type { Currency } from '@tikiti/contract';
import { accounts } from '../db/schema/index.js';
import { createSession, turnOnTwoFactorWithSecret } from '../features/accounts/index.js';
import { organiserAccount, platformAccount, postTransaction } from '../features/ledger/index.js';
import type { TestApp } from './test-app.js';

/** Test helpers of payouts and the operator (docs/product.md#payouts). */

/** A fixed authenticator secret for tests (base32). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/** The code an authenticator app with `secret` shows `steps` 30-second steps from now. */
export const totpCode = (secret = TEST_TOTP_SECRET, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** Two-factor sign-in on for an account, with TEST_TOTP_SECRET. */
export const withTwoFactor = (t: TestApp, accountId: number) =>
  turnOnTwoFactorWithSecret({ config: t.config, db: t.database.db }, accountId, TEST_TOTP_SECRET);

let n = 0;
/** An operator account with a password (and, unless told otherwise, two-factor sign-in on) and a session. */
export async function createOperator(t: TestApp, opts: { twoFactor?: boolean } = {}) {
  n += 1;
  const email = `operator-${process.pid}-${n}-${Date.now()}@tikiti.test`;
  const password = 'Operator password 2026';
  const [row] = await t.database.db
    .insert(accounts)
    .values({ type: 'operator', firstName: 'Opera', lastName: `Tor${n}`, email, passwordHash: await hash(password) })
    .returning();
  if (opts.twoFactor !== false) await withTwoFactor(t, row!.id);
  return { accountId: row!.id, email, password, token: await createSession(t.database.db, row!.id) };
}

/**
 * Money the organisation may pay out at once: a balanced adjustment crediting its account
 * (a sale's money would wait for its event to end).
 */
export async function fundOrganisation(t: TestApp, organisationId: number, currency: Currency, amountMinor: number) {
  await t.database.db.transaction((tx) =>
    postTransaction(tx, {
      kind: 'adjustment',
      causeKey: `test-fund:${organisationId}:${currency}:${Date.now()}:${Math.random()}`,
      organisationId,
      reference: 'Test',
      description: 'Test money',
      lines: [
        { account: organiserAccount(organisationId), currency, amountMinor: -amountMinor },
        { account: platformAccount('adjustments'), currency, amountMinor },
      ],
    }),
  );
}
