import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { parseCurrency, toMajor } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { enqueueJob, type JobHandler } from '../../jobs/queue.js';
import { DarajaError, mpesaPayouts, STATUS_NOT_FOUND_CODE } from '../mpesa/index.js';
import { markPayoutPaid, returnPayout } from './payout-outcomes.js';
import { SEND_MPESA_PAYOUT_JOB, type SendMpesaPayoutJob } from './payout-review.service.js';
import {
  findListedPayout,
  lockPayout,
  lockPayoutByConversation,
  updatePayout,
  type PayoutRow,
} from './payouts.repo.js';

/**
 * M-Pesa payouts through Daraja's B2C and B2B (docs/decisions/0031-payout-safeguards.md), never
 * paying twice:
 * - one request per payout: our OriginatorConversationID is made and committed with the state
 *   `sending` BEFORE the request goes, so whatever dies after (the process, the network), the
 *   payout names the one request that may have reached Daraja;
 * - a payout found `sending` without Daraja's acceptance (a crash), a queue timeout, a request
 *   whose fate is unknown, or a result that never comes, is decided by Daraja's transaction
 *   status query, never by sending again;
 * - the result (or the status query's) ends the payout once: paid, or failed with the money
 *   returned to the balance; a duplicate or late result finds it final and changes nothing.
 * Callbacks are matched by our random ids, which only Daraja and this database know.
 */

export const CHECK_MPESA_PAYOUT_JOB = 'payouts.check-mpesa';
interface CheckMpesaPayoutJob {
  payoutId: number;
  round: number;
}

/** How long a result may take before the status query asks; each later round waits this much more. */
const STATUS_QUERY_DELAY_SECONDS = 60;
/** Status queries before the payout is left `sending` for the operator (the queue shows it). */
const STATUS_QUERY_ROUNDS = 10;

/** Queues a status query of the payout; `key` makes it once per cause (a round, a timeout, a resumed send). */
async function scheduleCheck(db: Db | Tx, payoutId: number, round: number, delaySeconds: number, key = String(round)) {
  await enqueueJob<CheckMpesaPayoutJob>(
    db,
    CHECK_MPESA_PAYOUT_JOB,
    { payoutId, round },
    { dedupeKey: `payout-check-${payoutId}-${key}`, runAt: new Date(Date.now() + delaySeconds * 1000) },
  );
}

const remarksOf = (p: PayoutRow) => `Tikiti payout PO-${p.id}`;

/** Daraja refused the request itself (a 4xx other than an expired token or a rate limit): nothing was paid. */
const refusedOutright = (err: unknown) =>
  err instanceof DarajaError && err.status >= 400 && err.status < 500 && ![401, 408, 429].includes(err.status);

export const sendMpesaPayoutJob: JobHandler<SendMpesaPayoutJob> = {
  kind: SEND_MPESA_PAYOUT_JOB,
  async run({ payoutId }, { ctx, log }) {
    const mpesa = mpesaPayouts(ctx);
    if (!mpesa)
      throw new Error('M-Pesa payouts need MPESA_B2C_INITIATOR, MPESA_B2C_SECURITY_CREDENTIAL and MPESA_B2C_SHORTCODE');
    const claimed = await ctx.db.transaction(async (tx) => {
      const p = await lockPayout(tx, payoutId);
      if (p?.status === 'approved') {
        // Queued with the claim: whatever dies after this commit, the status query comes.
        await scheduleCheck(tx, payoutId, 1, STATUS_QUERY_DELAY_SECONDS);
        return {
          payout: await updatePayout(tx, p.id, {
            status: 'sending',
            originatorConversationId: randomUUID(),
            sentAt: new Date(),
          }),
          resumed: false,
        };
      }
      // Claimed by an attempt that died before Daraja's answer was kept: ask, never send again.
      if (p?.status === 'sending' && !p.conversationId) return { payout: p, resumed: true };
      return null;
    });
    if (!claimed) return;
    const p = claimed.payout;
    if (claimed.resumed) {
      log.warn({ payoutId }, 'payout found sending without an answer: asking M-Pesa before anything else');
      await scheduleCheck(ctx.db, payoutId, 1, 0, 'resumed');
      return;
    }
    const amount = toMajor(p.amountMinor, parseCurrency(p.currency));
    try {
      const accepted = await mpesa.client.payout(mpesa.config, {
        originatorId: p.originatorConversationId!,
        amount,
        remarks: remarksOf(p),
        to:
          p.methodType === 'mpesa_b2c'
            ? { kind: 'b2c', msisdn: p.msisdn! }
            : { kind: 'b2b', shortcode: p.shortcode!, account: p.account },
      });
      await ctx.db.transaction(async (tx) => {
        const now = await lockPayout(tx, payoutId);
        if (now?.status === 'sending') await updatePayout(tx, payoutId, { conversationId: accepted.conversationId });
      });
    } catch (err) {
      if (refusedOutright(err)) {
        await ctx.db.transaction(async (tx) => {
          const now = await lockPayout(tx, payoutId);
          if (now?.status === 'sending') {
            await returnPayout(
              ctx,
              tx,
              now,
              'failed',
              `M-Pesa refused the payout: ${(err as Error).message}`,
              new Date(),
            );
          }
        });
        return;
      }
      // The request may or may not have reached Daraja: only the status query (queued with the claim) may say.
      log.warn({ payoutId, error: (err as Error).message }, 'payout request outcome unknown: the status query decides');
    }
  },
};

export const checkMpesaPayoutJob: JobHandler<CheckMpesaPayoutJob> = {
  kind: CHECK_MPESA_PAYOUT_JOB,
  async run({ payoutId, round }, { ctx, log }) {
    const mpesa = mpesaPayouts(ctx);
    if (!mpesa) throw new Error('M-Pesa payouts are not configured');
    const listed = await findListedPayout(ctx.db, payoutId);
    const p = listed?.payout;
    if (p?.status !== 'sending' || !p.originatorConversationId) return;
    const queryId = randomUUID();
    await ctx.db.transaction(async (tx) => {
      const now = await lockPayout(tx, payoutId);
      if (now?.status === 'sending') {
        await updatePayout(tx, payoutId, { statusQueryId: queryId, statusQueriedAt: new Date() });
      }
    });
    await mpesa.client.transactionStatus(mpesa.config, p.originatorConversationId, queryId);
    if (round < STATUS_QUERY_ROUNDS)
      await scheduleCheck(ctx.db, payoutId, round + 1, STATUS_QUERY_DELAY_SECONDS * (round + 1));
    else log.error({ payoutId }, 'payout still without a result after every status query: the operator decides');
  },
};

/** Daraja's result (of a B2C/B2B request or of a status query), and its queue timeout: the fields we read. */
export const darajaResultSchema = z.object({
  Result: z.object({
    ResultType: z.coerce.number().int().optional(),
    ResultCode: z.coerce.number().int(),
    ResultDesc: z.string().max(500).optional(),
    OriginatorConversationID: z.string().min(1).max(100),
    ConversationID: z.string().max(100).optional(),
    TransactionID: z.string().max(100).optional(),
    ResultParameters: z
      .object({
        ResultParameter: z
          .union([
            z
              .array(
                z.object({ Key: z.string().max(100), Value: z.union([z.string().max(200), z.number()]).optional() }),
              )
              .max(40),
            z.object({ Key: z.string().max(100), Value: z.union([z.string().max(200), z.number()]).optional() }),
          ])
          .optional(),
      })
      .optional(),
  }),
});
export type DarajaResult = z.infer<typeof darajaResultSchema>;

const parameter = (r: DarajaResult['Result'], key: string) => {
  const list = r.ResultParameters?.ResultParameter;
  const items = Array.isArray(list) ? list : list ? [list] : [];
  return items.find((i) => i.Key === key)?.Value;
};

const RECEIPT = /^[A-Z0-9]{8,12}$/;

/**
 * POST v1/payments/mpesa/b2c/result: the end of a payout (or the status query's word on it).
 * Answers whether the result named a payout of ours.
 */
export async function receivePayoutResult(
  ctx: AppContext,
  body: DarajaResult,
  log: { warn: (o: object, m: string) => void },
) {
  const r = body.Result;
  return ctx.db.transaction(async (tx) => {
    const p = await lockPayoutByConversation(tx, r.OriginatorConversationID, r.ConversationID ?? '');
    if (!p) return false;
    if (p.status !== 'sending') {
      if (p.status === 'failed' && r.ResultCode === 0 && r.OriginatorConversationID === p.originatorConversationId) {
        log.warn({ payoutId: p.id }, 'a success result came for a payout already failed: check it with Safaricom');
      }
      return true;
    }
    const now = new Date();
    if (r.OriginatorConversationID === p.statusQueryId) {
      if (r.ResultCode === STATUS_NOT_FOUND_CODE) {
        await returnPayout(ctx, tx, p, 'failed', 'M-Pesa never received the payout request', now);
      } else if (r.ResultCode === 0) {
        const state = String(parameter(r, 'TransactionStatus') ?? '');
        const receipt = String(parameter(r, 'ReceiptNo') ?? r.TransactionID ?? '');
        if (state === 'Completed') await markPayoutPaid(ctx, tx, p, RECEIPT.test(receipt) ? receipt : null, now);
        else if (state === 'Failed' || state === 'Cancelled' || state === 'Reversed') {
          await returnPayout(ctx, tx, p, 'failed', `M-Pesa says the payout ${state.toLowerCase()}`, now);
        }
      }
      return true;
    }
    if (r.OriginatorConversationID !== p.originatorConversationId && r.ConversationID !== p.conversationId) return true;
    if (r.ResultCode === 0) {
      const receipt = r.TransactionID ?? '';
      await markPayoutPaid(ctx, tx, p, RECEIPT.test(receipt) ? receipt : null, now);
    } else {
      await returnPayout(ctx, tx, p, 'failed', r.ResultDesc?.slice(0, 300) || `M-Pesa result ${r.ResultCode}`, now);
    }
    return true;
  });
}

/** POST v1/payments/mpesa/b2c/timeout: Daraja's queue timed the request out; its fate is asked at once. */
export async function receivePayoutTimeout(ctx: AppContext, body: DarajaResult) {
  const r = body.Result;
  const p = await ctx.db.transaction((tx) =>
    lockPayoutByConversation(tx, r.OriginatorConversationID, r.ConversationID ?? ''),
  );
  if (!p || p.status !== 'sending') return Boolean(p);
  await scheduleCheck(ctx.db, p.id, 1, 0, `timeout-${r.OriginatorConversationID}`);
  return true;
}

/** The payouts' jobs, for background.ts. */
export const payoutsJobs = [sendMpesaPayoutJob, checkMpesaPayoutJob] as JobHandler[];
