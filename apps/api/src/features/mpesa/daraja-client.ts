import { NAIROBI_OFFSET_MINUTES } from '@tikiti/contract';

/**
 * A client of Safaricom's Daraja API for M-Pesa Express (docs/decisions/0012-mpesa-daraja.md):
 * the OAuth client-credentials token, the STK push and the STK query. It speaks plain HTTP
 * through `fetch`, so it works against Safaricom's sandbox or live hosts, the built-in
 * simulator, or any server that speaks the same API.
 */
export interface DarajaConfig {
  /** https://sandbox.safaricom.co.ke or https://api.safaricom.co.ke (no trailing slash needed). */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The business shortcode (paybill or till) that receives the money. */
  shortcode: string;
  passkey: string;
  /** Where Daraja posts the result: our POST v1/payments/mpesa/callback. */
  callbackUrl: string;
}

export interface DarajaOptions {
  fetch?: typeof fetch;
  now?: () => Date;
  /** Per request (Daraja answers in well under this). */
  timeoutMs?: number;
}

/** A refusal or failure from Daraja, with its documented error code ("404.001.03") when it gave one. */
export class DarajaError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorCode: string | null,
  ) {
    super(message);
    this.name = 'DarajaError';
  }
}

/** Daraja's "still waiting for the buyer" answer to an STK query. */
export const STILL_PROCESSING_CODE = '500.001.1001';
/** Daraja's error code for an unknown or expired access token. */
const INVALID_TOKEN_CODE = '404.001.03';
/** A token is renewed this long before Daraja says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export interface StkPushInput {
  /** Whole shillings. */
  amount: number;
  /** 2547XXXXXXXX or 2541XXXXXXXX. */
  phone: string;
  /** The booking reference, at most 12 characters. */
  accountReference: string;
  /** At most 13 characters. */
  description: string;
}

export interface StkPushAccepted {
  merchantRequestId: string;
  checkoutRequestId: string;
  customerMessage: string;
}

/**
 * What Daraja's payouts need besides the app's credentials (docs/decisions/0031-payout-safeguards.md):
 * the initiator (an API operator of the shortcode), its security credential (the initiator's
 * password encrypted with Safaricom's certificate, given as is), the shortcode money leaves from,
 * and where Daraja posts results and queue timeouts.
 */
export interface DarajaPayoutConfig {
  initiator: string;
  securityCredential: string;
  shortcode: string;
  resultUrl: string;
  timeoutUrl: string;
}

/** One B2C (to a phone) or B2B (to a paybill or till) payment. `originatorId` is ours, kept before the call. */
export interface PayoutInput {
  originatorId: string;
  /** Whole shillings. */
  amount: number;
  remarks: string;
  to: { kind: 'b2c'; msisdn: string } | { kind: 'b2b'; shortcode: string; account: string | null };
}

/** Daraja took the request; the result comes later to the result URL. */
export interface RequestAccepted {
  conversationId: string;
  originatorId: string;
}

export type StkQueryResult = { state: 'processing' } | { state: 'done'; resultCode: number; resultDesc: string };

/** YYYYMMDDHHmmss in Nairobi time, as Daraja's Timestamp and password want it. */
export function darajaTimestamp(at: Date): string {
  const local = new Date(at.getTime() + NAIROBI_OFFSET_MINUTES * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${local.getUTCFullYear()}${p(local.getUTCMonth() + 1)}${p(local.getUTCDate())}` +
    `${p(local.getUTCHours())}${p(local.getUTCMinutes())}${p(local.getUTCSeconds())}`
  );
}

/** base64(shortcode + passkey + timestamp): the STK password. */
export const stkPassword = (shortcode: string, passkey: string, timestamp: string) =>
  Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');

export function darajaClient(config: DarajaConfig, options: DarajaOptions = {}) {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 15_000;
  const base = config.baseUrl.replace(/\/$/, '');
  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  async function call(path: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new DarajaError(`M-Pesa could not be reached (${(err as Error).message})`, 0, null);
    }
    const text = await res.text();
    let body: Record<string, unknown>;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { errorMessage: text.slice(0, 200) };
    }
    return { status: res.status, body };
  }

  const errorOf = (status: number, body: Record<string, unknown>) =>
    new DarajaError(
      String(body.errorMessage ?? body.ResponseDescription ?? `M-Pesa answered ${status}`),
      status,
      typeof body.errorCode === 'string' ? body.errorCode : null,
    );

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.consumerKey}:${config.consumerSecret}`).toString('base64');
    const { status, body } = await call('/oauth/v1/generate?grant_type=client_credentials', {
      method: 'GET',
      headers: { authorization: `Basic ${basic}` },
    });
    if (status !== 200 || typeof body.access_token !== 'string') throw errorOf(status, body);
    const seconds = Number(body.expires_in ?? 3599);
    token = {
      value: body.access_token,
      expiresAt: now().getTime() + Math.max(0, seconds * 1000 - TOKEN_MARGIN_MS),
    };
    return token.value;
  }

  /** The cached token while it lasts; one request for a new one however many callers wait. */
  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now().getTime()) return token.value;
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /** A call with the bearer token; a token Daraja no longer knows is renewed once and the call repeated. */
  async function authorised(path: string, payload: unknown) {
    for (let attempt = 0; ; attempt += 1) {
      const value = await accessToken();
      const result = await call(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${value}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      const expired = result.status === 401 || result.body.errorCode === INVALID_TOKEN_CODE;
      if (!expired || attempt > 0) return result;
      if (token?.value === value) token = null;
    }
  }

  function credentials() {
    const timestamp = darajaTimestamp(now());
    return {
      BusinessShortCode: config.shortcode,
      Password: stkPassword(config.shortcode, config.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  /** A payout call (B2C, B2B, status query): accepted with Daraja's ids, or a DarajaError. */
  async function payoutCall(path: string, payload: Record<string, unknown>): Promise<RequestAccepted> {
    const { status, body } = await authorised(path, payload);
    if (status !== 200 || String(body.ResponseCode) !== '0' || typeof body.ConversationID !== 'string') {
      throw errorOf(status, body);
    }
    return {
      conversationId: body.ConversationID,
      originatorId: String(body.OriginatorConversationID ?? payload.OriginatorConversationID ?? ''),
    };
  }

  const payoutFields = (p: DarajaPayoutConfig) => ({
    InitiatorName: p.initiator,
    Initiator: p.initiator,
    SecurityCredential: p.securityCredential,
    PartyA: p.shortcode,
    QueueTimeOutURL: p.timeoutUrl,
    ResultURL: p.resultUrl,
  });

  return {
    accessToken,

    /**
     * Pays a phone (B2C BusinessPayment) or a business (B2B BusinessPayBill with an account,
     * BusinessBuyGoods without), once: the caller keeps `originatorId` before calling, so that
     * after a crash it asks about this request instead of sending another.
     */
    async payout(p: DarajaPayoutConfig, input: PayoutInput): Promise<RequestAccepted> {
      if (!Number.isInteger(input.amount) || input.amount < 1) {
        throw new DarajaError('M-Pesa takes whole shillings only', 400, null);
      }
      const common = {
        ...payoutFields(p),
        OriginatorConversationID: input.originatorId,
        Amount: input.amount,
        Remarks: input.remarks.slice(0, 100),
      };
      if (input.to.kind === 'b2c') {
        return payoutCall('/mpesa/b2c/v3/paymentrequest', {
          ...common,
          CommandID: 'BusinessPayment',
          PartyB: input.to.msisdn,
          Occassion: input.remarks.slice(0, 100),
        });
      }
      return payoutCall('/mpesa/b2b/v1/paymentrequest', {
        ...common,
        CommandID: input.to.account ? 'BusinessPayBill' : 'BusinessBuyGoods',
        SenderIdentifierType: '4',
        RecieverIdentifierType: input.to.account ? '4' : '2',
        PartyB: input.to.shortcode,
        AccountReference: input.to.account ?? '',
      });
    },

    /**
     * Asks what became of a request we sent (Daraja's TransactionStatusQuery by the original
     * OriginatorConversationID). The answer comes later to the result URL, under `queryId`.
     */
    async transactionStatus(p: DarajaPayoutConfig, originalId: string, queryId: string): Promise<RequestAccepted> {
      return payoutCall('/mpesa/transactionstatus/v1/query', {
        ...payoutFields(p),
        CommandID: 'TransactionStatusQuery',
        OriginatorConversationID: queryId,
        OriginalConversationID: originalId,
        TransactionID: '',
        IdentifierType: '4',
        Remarks: 'Payout status',
        Occasion: '',
      });
    },

    /** Sends the prompt to the buyer's phone; Daraja's acceptance only means the prompt is on its way. */
    async stkPush(input: StkPushInput): Promise<StkPushAccepted> {
      if (!Number.isInteger(input.amount) || input.amount < 1) {
        throw new DarajaError('M-Pesa takes whole shillings only', 400, null);
      }
      if (!/^254[17]\d{8}$/.test(input.phone)) {
        throw new DarajaError('M-Pesa needs a Safaricom number such as 254712345678', 400, null);
      }
      const { status, body } = await authorised('/mpesa/stkpush/v1/processrequest', {
        ...credentials(),
        TransactionType: 'CustomerPayBillOnline',
        Amount: input.amount,
        PartyA: input.phone,
        PartyB: config.shortcode,
        PhoneNumber: input.phone,
        CallBackURL: config.callbackUrl,
        AccountReference: input.accountReference.slice(0, 12),
        TransactionDesc: input.description.slice(0, 13),
      });
      if (status !== 200 || String(body.ResponseCode) !== '0' || typeof body.CheckoutRequestID !== 'string') {
        throw errorOf(status, body);
      }
      return {
        merchantRequestId: String(body.MerchantRequestID ?? ''),
        checkoutRequestId: body.CheckoutRequestID,
        customerMessage: String(body.CustomerMessage ?? ''),
      };
    },

    /** What became of a prompt: still waiting, or done with Daraja's ResultCode (0 is paid). */
    async stkQuery(checkoutRequestId: string): Promise<StkQueryResult> {
      const { status, body } = await authorised('/mpesa/stkpushquery/v1/query', {
        ...credentials(),
        CheckoutRequestID: checkoutRequestId,
      });
      if (body.errorCode === STILL_PROCESSING_CODE) return { state: 'processing' };
      if (status !== 200 || String(body.ResponseCode) !== '0' || body.ResultCode === undefined) {
        throw errorOf(status, body);
      }
      const resultCode = Number(body.ResultCode);
      if (!Number.isInteger(resultCode)) throw errorOf(status, body);
      return { state: 'done', resultCode, resultDesc: String(body.ResultDesc ?? '') };
    },
  };
}
export type DarajaClient = ReturnType<typeof darajaClient>;
