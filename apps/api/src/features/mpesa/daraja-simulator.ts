import { randomBytes, randomInt } from 'node:crypto';
import { formatAmount, MPESA_SIMULATOR_TIMEOUT_MS, type MpesaPrompt, type SimulatorReceived } from '@tikiti/contract';
import { darajaTimestamp, stkPassword } from './daraja-client.js';

/**
 * The built-in stand-in for Safaricom (docs/decisions/0012-mpesa-daraja.md): it answers
 * Daraja's HTTP API (token, STK push, STK query) in-process through a `fetch` of its own, and
 * keeps each prompt as the buyer's phone would show it, for the /dev/mpesa page to answer.
 * When a prompt is answered or times out, it posts Daraja's result callback.
 */
export interface SimulatorOptions {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** The name the phone shows as the payee. */
  businessName: string;
  timeoutMs?: number;
  now?: () => Date;
  /** The payouts' initiator and shortcode (B2C, B2B, transaction status). */
  payout?: { initiator: string; securityCredential: string; shortcode: string };
}

/** Daraja's result for a B2C/B2B request or a status query, as posted to ResultURL. */
export interface DarajaResultBody {
  Result: {
    ResultType: number;
    ResultCode: number;
    ResultDesc: string;
    OriginatorConversationID: string;
    ConversationID: string;
    TransactionID: string;
    ResultParameters?: { ResultParameter: { Key: string; Value: string | number }[] };
  };
}

/**
 * A B2C payment to a number ending in 000000 fails, as Safaricom's does to a number it cannot pay
 * (docs/operations.md#m-pesa-payouts): the way to try a failed payout in development.
 */
export const SIMULATOR_FAILING_MSISDN = /000000$/;
const CANNOT_PAY = {
  code: 2040,
  desc: "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
};
/** The status query's answer when Daraja never received the original request. */
export const STATUS_NOT_FOUND_CODE = 2001;

interface Transfer {
  originatorId: string;
  conversationId: string;
  transactionId: string;
  kind: 'b2c' | 'b2b';
  receiver: string;
  account: string | null;
  amount: number;
  at: Date;
  result: { code: number; desc: string };
}

/** Daraja's result callback body, as posted to CallBackURL. */
export interface StkCallbackBody {
  Body: {
    stkCallback: {
      MerchantRequestID: string;
      CheckoutRequestID: string;
      ResultCode: number;
      ResultDesc: string;
      CallbackMetadata?: { Item: { Name: string; Value?: string | number }[] };
    };
  };
}

type Deliver = (callbackUrl: string, body: StkCallbackBody | DarajaResultBody) => Promise<void>;

interface Prompt {
  id: string;
  merchantRequestId: string;
  phone: string;
  amount: number;
  reference: string;
  callbackUrl: string;
  createdAt: Date;
  expiresAt: Date;
  result: { code: number; desc: string; receipt?: string } | null;
}

/** A prompt the phone refuses to send (a PIN of the wrong length), as the phone says it. */
export class PhoneRefusal extends Error {}

const RESULT_DESCS: Record<number, string> = {
  0: 'The service request is processed successfully.',
  1032: 'Request cancelled by user',
  1037: 'DS timeout user cannot be reached',
};

/** A Daraja receipt number: 10 capital letters and digits (e.g. "SKL4ABC123"). */
const receiptNumber = () =>
  Array.from({ length: 10 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[randomInt(34)]).join('');

export function darajaSimulator(options: SimulatorOptions) {
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? MPESA_SIMULATOR_TIMEOUT_MS;
  const tokens = new Map<string, number>();
  const prompts = new Map<string, Prompt>();
  /** Payouts by our OriginatorConversationID: one transfer each, however often it is sent or asked about. */
  const transfers = new Map<string, Transfer>();
  let deliver: Deliver = async (url, body) => {
    await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  };

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fault = (status: number, errorCode: string, errorMessage: string) =>
    json(status, { requestId: randomBytes(6).toString('hex'), errorCode, errorMessage });

  function finish(prompt: Prompt, code: number, desc = RESULT_DESCS[code] ?? 'Failed') {
    if (prompt.result) return;
    prompt.result = { code, desc, receipt: code === 0 ? receiptNumber() : undefined };
    const callback: StkCallbackBody = {
      Body: {
        stkCallback: {
          MerchantRequestID: prompt.merchantRequestId,
          CheckoutRequestID: prompt.id,
          ResultCode: code,
          ResultDesc: desc,
          ...(code === 0
            ? {
                CallbackMetadata: {
                  Item: [
                    { Name: 'Amount', Value: prompt.amount },
                    { Name: 'MpesaReceiptNumber', Value: prompt.result.receipt },
                    { Name: 'TransactionDate', Value: Number(darajaTimestamp(now())) },
                    { Name: 'PhoneNumber', Value: Number(prompt.phone) },
                  ],
                },
              }
            : {}),
        },
      },
    };
    // Daraja does not wait for us either; a lost callback is made good by the STK query.
    void deliver(prompt.callbackUrl, callback).catch(() => undefined);
  }

  /** An untouched prompt times out, as the phone's does. */
  function expireIfDue(prompt: Prompt) {
    if (!prompt.result && prompt.expiresAt.getTime() <= now().getTime()) finish(prompt, 1037);
  }

  function authorised(request: Request) {
    const header = request.headers.get('authorization') ?? '';
    const expires = tokens.get(header.replace(/^Bearer /, ''));
    return expires !== undefined && expires > now().getTime();
  }

  function credentialsOk(body: Record<string, unknown>) {
    const ts = String(body.Timestamp ?? '');
    return (
      String(body.BusinessShortCode) === options.shortcode &&
      /^\d{14}$/.test(ts) &&
      body.Password === stkPassword(options.shortcode, options.passkey, ts)
    );
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/oauth/v1/generate' && request.method === 'GET') {
      if (url.searchParams.get('grant_type') !== 'client_credentials') {
        return fault(400, '400.008.02', 'Invalid grant type passed');
      }
      const expected = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64')}`;
      if (request.headers.get('authorization') !== expected) {
        return fault(400, '400.008.01', 'Invalid Authentication passed');
      }
      const token = randomBytes(18).toString('base64url');
      tokens.set(token, now().getTime() + 3599_000);
      return json(200, { access_token: token, expires_in: '3599' });
    }
    if (request.method !== 'POST') return fault(404, '404.001.01', 'Resource not found');
    if (!authorised(request)) return fault(401, '404.001.03', 'Invalid Access Token');
    let body: Record<string, unknown>;
    try {
      body = (await request.json()) as Record<string, unknown>;
    } catch {
      return fault(400, '400.002.02', 'Bad Request - Invalid JSON');
    }
    if (url.pathname.startsWith('/mpesa/b2') || url.pathname === '/mpesa/transactionstatus/v1/query') {
      return payoutRequest(url.pathname, body);
    }
    if (!credentialsOk(body)) return fault(400, '400.002.02', 'Bad Request - Invalid Password');

    if (url.pathname === '/mpesa/stkpush/v1/processrequest') {
      const phone = String(body.PhoneNumber ?? '');
      if (!/^254[17]\d{8}$/.test(phone)) return fault(400, '400.002.02', 'Bad Request - Invalid PhoneNumber');
      const amount = Number(body.Amount);
      if (!Number.isInteger(amount) || amount < 1) return fault(400, '400.002.02', 'Bad Request - Invalid Amount');
      const reference = String(body.AccountReference ?? '');
      if (!reference || reference.length > 12) {
        return fault(400, '400.002.02', 'Bad Request - Invalid AccountReference');
      }
      const callbackUrl = String(body.CallBackURL ?? '');
      if (!/^https?:\/\//.test(callbackUrl)) return fault(400, '400.002.02', 'Bad Request - Invalid CallBackURL');
      const created = now();
      const prompt: Prompt = {
        id: `ws_CO_${darajaTimestamp(created)}${randomBytes(6).toString('hex')}`,
        merchantRequestId: `${randomInt(10000, 99999)}-${randomInt(1e6, 9e6)}-1`,
        phone,
        amount,
        reference,
        callbackUrl,
        createdAt: created,
        expiresAt: new Date(created.getTime() + timeoutMs),
        result: null,
      };
      prompts.set(prompt.id, prompt);
      setTimeout(() => expireIfDue(prompt), timeoutMs + 50).unref();
      return json(200, {
        MerchantRequestID: prompt.merchantRequestId,
        CheckoutRequestID: prompt.id,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      });
    }

    if (url.pathname === '/mpesa/stkpushquery/v1/query') {
      const prompt = prompts.get(String(body.CheckoutRequestID ?? ''));
      if (!prompt) return fault(500, '500.001.1001', 'Unable to find the transaction');
      expireIfDue(prompt);
      if (!prompt.result) return fault(500, '500.001.1001', 'The transaction is being processed');
      return json(200, {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: prompt.merchantRequestId,
        CheckoutRequestID: prompt.id,
        ResultCode: String(prompt.result.code),
        ResultDesc: prompt.result.desc,
      });
    }
    return fault(404, '404.001.01', 'Resource not found');
  }

  function payoutRequest(path: string, body: Record<string, unknown>): Response {
    const p = options.payout;
    if (
      !p ||
      String(body.SecurityCredential ?? '') !== p.securityCredential ||
      String(body.InitiatorName ?? body.Initiator ?? '') !== p.initiator ||
      String(body.PartyA ?? '') !== p.shortcode
    ) {
      return fault(400, '400.002.02', 'Bad Request - Invalid Initiator Information');
    }
    const resultUrl = String(body.ResultURL ?? '');
    if (!/^https?:\/\//.test(resultUrl)) return fault(400, '400.002.02', 'Bad Request - Invalid ResultURL');
    const originatorId = String(body.OriginatorConversationID ?? '');
    if (!originatorId) return fault(400, '400.002.02', 'Bad Request - Invalid OriginatorConversationID');
    const conversationId = `AG_${darajaTimestamp(now())}_${randomBytes(8).toString('hex')}`;
    const accepted = json(200, {
      ConversationID: conversationId,
      OriginatorConversationID: originatorId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });

    if (path === '/mpesa/transactionstatus/v1/query') {
      const original = transfers.get(String(body.OriginalConversationID ?? ''));
      const result: DarajaResultBody = {
        Result: {
          ResultType: 0,
          ResultCode: original ? 0 : STATUS_NOT_FOUND_CODE,
          ResultDesc: original
            ? 'The service request is processed successfully.'
            : 'The transaction could not be found',
          OriginatorConversationID: originatorId,
          ConversationID: conversationId,
          TransactionID: original?.transactionId ?? '',
          ...(original
            ? {
                ResultParameters: {
                  ResultParameter: [
                    { Key: 'ReceiptNo', Value: original.transactionId },
                    { Key: 'TransactionStatus', Value: original.result.code === 0 ? 'Completed' : 'Failed' },
                    { Key: 'ResultCode', Value: original.result.code },
                    { Key: 'Amount', Value: original.amount },
                  ],
                },
              }
            : {}),
        },
      };
      setTimeout(() => void deliver(resultUrl, result).catch(() => undefined), 20).unref();
      return accepted;
    }

    const amount = Number(body.Amount);
    if (!Number.isInteger(amount) || amount < 1) return fault(400, '400.002.02', 'Bad Request - Invalid Amount');
    const b2c = path === '/mpesa/b2c/v3/paymentrequest';
    if (!b2c && path !== '/mpesa/b2b/v1/paymentrequest') return fault(404, '404.001.01', 'Resource not found');
    const receiver = String(body.PartyB ?? '');
    if (b2c ? !/^254[17]\d{8}$/.test(receiver) : !/^\d{5,7}$/.test(receiver)) {
      return fault(400, '400.002.02', 'Bad Request - Invalid PartyB');
    }
    // The same OriginatorConversationID twice is one transfer: Daraja's answer to a resent request.
    let transfer = transfers.get(originatorId);
    if (!transfer) {
      transfer = {
        originatorId,
        conversationId,
        transactionId: receiptNumber(),
        kind: b2c ? 'b2c' : 'b2b',
        receiver,
        account: b2c ? null : String(body.AccountReference ?? '') || null,
        amount,
        at: now(),
        result: b2c && SIMULATOR_FAILING_MSISDN.test(receiver) ? CANNOT_PAY : { code: 0, desc: RESULT_DESCS[0]! },
      };
      transfers.set(originatorId, transfer);
    }
    const t = transfer;
    const result: DarajaResultBody = {
      Result: {
        ResultType: 0,
        ResultCode: t.result.code,
        ResultDesc: t.result.desc,
        OriginatorConversationID: t.originatorId,
        ConversationID: t.conversationId,
        TransactionID: t.transactionId,
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionAmount', Value: t.amount },
            { Key: 'TransactionReceipt', Value: t.transactionId },
            { Key: 'ReceiverPartyPublicName', Value: t.receiver },
          ],
        },
      },
    };
    setTimeout(() => void deliver(resultUrl, result).catch(() => undefined), 20).unref();
    return json(200, {
      ConversationID: t.conversationId,
      OriginatorConversationID: originatorId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  }

  return {
    /** What the receiving phones and businesses got (B2C and B2B that succeeded), newest first. */
    received(): SimulatorReceived[] {
      return [...transfers.values()]
        .filter((t) => t.result.code === 0)
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .map((t) => ({
          transaction_id: t.transactionId,
          kind: t.kind,
          receiver: t.receiver,
          account: t.account,
          amount: t.amount,
          sender: options.businessName,
          received_at: t.at.toISOString(),
          message:
            `${t.transactionId} Confirmed. You have received ${formatAmount(t.amount, 'KES')} from ${options.businessName}` +
            `${t.account ? ` for account ${t.account}` : ''} on ${darajaTimestamp(t.at).replace(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2}).*/, '$3/$2/$1 at $4:$5')}.`,
        }));
    },

    /** A `fetch` that Daraja's client can be given: every request is answered here. */
    fetch: (async (input: string | URL | Request, init?: RequestInit) =>
      handle(new Request(input, init))) as typeof fetch,

    /** Where callbacks go (the app posts them to its own route in-process). */
    setDeliver(fn: Deliver) {
      deliver = fn;
    },

    /** The prompts the phone shows now, oldest first. */
    pending(): MpesaPrompt[] {
      for (const p of prompts.values()) expireIfDue(p);
      return [...prompts.values()]
        .filter((p) => !p.result)
        .map((p) => ({
          id: p.id,
          phone: p.phone,
          amount: p.amount,
          business: options.businessName,
          reference: p.reference,
          created_at: p.createdAt.toISOString(),
          expires_at: p.expiresAt.toISOString(),
        }));
    },

    /**
     * The phone's answer: Send with any four-digit PIN pays; Cancel declines. A PIN of another
     * length is refused by the phone and the prompt stays. False when the prompt is gone.
     */
    answer(id: string, action: 'send' | 'cancel', pin?: string): boolean {
      const prompt = prompts.get(id);
      if (!prompt) return false;
      expireIfDue(prompt);
      if (prompt.result) return false;
      if (action === 'cancel') {
        finish(prompt, 1032);
        return true;
      }
      if (!/^\d{4}$/.test(pin ?? '')) throw new PhoneRefusal('Enter your 4-digit M-Pesa PIN');
      finish(prompt, 0);
      return true;
    },
  };
}
export type DarajaSimulator = ReturnType<typeof darajaSimulator>;
