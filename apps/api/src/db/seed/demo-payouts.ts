import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { accounts, payoutMethods, payouts } from '../schema/index.js';
import { hashPassword, turnOnTwoFactorWithSecret } from '../../features/accounts/index.js';
import { organisationBalances } from '../../features/ledger/index.js';
import { postPayoutDebit } from '../../features/payouts/index.js';
import { DEMO_ORGANISER_EMAIL } from './seed.js';

/**
 * The demo's payouts and its operator (docs/product.md#payouts, README "Demo data"): never in
 * production, since the operator's password and authenticator secret are published.
 * - the operator `operator@tikiti.co.ke`, password `TikitiOperator2026!`, two-factor sign-in on
 *   with the secret `JBSWY3DPEHPK3PXP` (any authenticator app, or `oathtool --totp -b`);
 * - the demo organiser's M-Pesa payout method (set a month ago, no longer held) and two past
 *   payouts, paid, taken from its available shillings.
 */
export const DEMO_OPERATOR = {
  email: 'operator@tikiti.co.ke',
  password: 'TikitiOperator2026!',
  totpSecret: 'JBSWY3DPEHPK3PXP',
};
const DEMO_PAYOUT_MSISDN = '254708374149';
const DAY_MS = 86_400_000;

export async function seedDemoPayouts(ctx: AppContext, now = new Date()) {
  if (ctx.config.isProduction) return;
  const { db } = ctx;
  const [operator] = await db
    .insert(accounts)
    .values({
      type: 'operator',
      firstName: 'Tikiti',
      lastName: 'Operator',
      email: DEMO_OPERATOR.email,
      passwordHash: await hashPassword(DEMO_OPERATOR.password),
    })
    .onConflictDoNothing()
    .returning({ id: accounts.id });
  if (operator) await turnOnTwoFactorWithSecret(ctx, operator.id, DEMO_OPERATOR.totpSecret, now);

  const [owner] = await db
    .select({ organisationId: accounts.organisationId, firstName: accounts.firstName, lastName: accounts.lastName })
    .from(accounts)
    .where(eq(accounts.email, DEMO_ORGANISER_EMAIL))
    .limit(1);
  if (!owner?.organisationId) return;
  const organisationId = owner.organisationId;
  const setAt = new Date(now.getTime() - 30 * DAY_MS);
  const name = `${owner.firstName} ${owner.lastName}`.trim();
  await db
    .insert(payoutMethods)
    .values({
      organisationId,
      type: 'mpesa_b2c',
      msisdn: DEMO_PAYOUT_MSISDN,
      setAt,
      setByName: name,
      heldUntil: new Date(setAt.getTime() + 2 * DAY_MS),
    })
    .onConflictDoNothing();
  // The demo's past payouts come from the currency its sales are in: shillings to the M-Pesa
  // number, dollars (which M-Pesa does not pay) to the bank account the organiser used before.
  const balances = await organisationBalances(db, organisationId, ctx.config.payoutDelayDays);
  const kes = balances.find((b) => b.currency === 'KES');
  const usd = balances.find((b) => b.currency === 'USD');
  const WHOLE_HUNDRED_MINOR = 10_000;
  const byMpesa = (kes?.availableMinor ?? 0) >= 5 * WHOLE_HUNDRED_MINOR;
  const currency = byMpesa ? 'KES' : 'USD';
  const available = (byMpesa ? kes?.availableMinor : usd?.availableMinor) ?? 0;
  const destination = byMpesa
    ? { methodType: 'mpesa_b2c' as const, msisdn: DEMO_PAYOUT_MSISDN }
    : {
        methodType: 'bank' as const,
        bank: 'Equity Bank',
        branch: 'Westlands',
        accountName: name,
        accountNumber: '0170299441783',
      };
  // Two payouts of whole hundreds: 40 % and 20 % of what was available.
  const amounts = [0.4, 0.2].map(
    (share) => Math.floor((available * share) / WHOLE_HUNDRED_MINOR) * WHOLE_HUNDRED_MINOR,
  );
  await db.transaction(async (tx) => {
    for (const [i, amountMinor] of amounts.entries()) {
      if (amountMinor < WHOLE_HUNDRED_MINOR) continue;
      const requestedAt = new Date(now.getTime() - (20 - i * 10) * DAY_MS);
      const [row] = await tx
        .insert(payouts)
        .values({
          organisationId,
          currency,
          amountMinor,
          status: 'paid',
          ...destination,
          requestedAt,
          requestedByName: name,
          decidedAt: new Date(requestedAt.getTime() + 3_600_000),
          decidedByName: 'Tikiti Operator',
          receipt: byMpesa ? (i === 0 ? 'SKD4PAY001' : 'SKE7PAY002') : `EQB-DEMO-${i + 1}`,
          paidAt: new Date(requestedAt.getTime() + 3_660_000),
          originatorConversationId: byMpesa ? `demo-payout-${i + 1}` : null,
        })
        .returning();
      await postPayoutDebit(tx, row!);
    }
  });
}
