import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Safaricom's Daraja HTTP API, for tests (docs/decisions/0012-mpesa-daraja.md):
 * Tikiti's Daraja client is pointed at it with MPESA_BASE_URL. It answers as Daraja documents:
 *
 * - `GET /oauth/v1/generate?grant_type=client_credentials` with Basic auth: `{ access_token, expires_in }`;
 * - `POST /mpesa/stkpush/v1/processrequest`: `{ MerchantRequestID, CheckoutRequestID, ResponseCode: "0", … }`;
 * - `POST /mpesa/stkpushquery/v1/query`: 500 `{ errorCode: "500.001.1001", errorMessage: "The transaction is being processed" }`
 *   while the buyer has the prompt, then `{ ResponseCode: "0", ResultCode, ResultDesc }`;
 * - errors as `{ requestId, errorCode, errorMessage }` (401 `404.001.03` Invalid Access Token).
 *
 * Tests answer a prompt with `complete`, build its callback with `callbackFor`, expire every
 * token with `expireTokens`, make the next call fail with `failNext`, and read `requests`.
 */
export const FAKE_DARAJA = {
  consumerKey: 'fake-consumer-key',
  consumerSecret: 'fake-consumer-secret',
  shortcode: '174379',
  passkey: 'fake-passkey-bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
};

export interface DarajaRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

interface FakePush {
  id: string;
  merchantRequestId: string;
  amount: number;
  phone: string;
  result: { code: number; desc: string; receipt?: string } | null;
}

/** The initiator the fake accepts for payouts (B2C, B2B, transaction status). */
export const FAKE_DARAJA_PAYOUTS = {
  initiator: 'fake-initiator',
  securityCredential: 'fake-security-credential',
  shortcode: '600777',
};

/** A payout the fake received: the phone got the money the moment the request arrived. */
export interface FakeTransfer {
  originatorId: string;
  transactionId: string;
  receiver: string;
  amount: number;
}

export async function startFakeDaraja() {
  const requests: DarajaRequest[] = [];
  const tokens = new Set<string>();
  const pushes = new Map<string, FakePush>();
  const failures: { status: number; body: Record<string, unknown> }[] = [];
  let n = 0;
  const transfers: FakeTransfer[] = [];
  /** While set, a payout request is received (and paid) but never answered: the caller waits until it dies. */
  let holdPayoutAnswers = false;
  let onPayout: ((t: FakeTransfer) => void) | null = null;
  const postResult = (url: string, result: Record<string, unknown>) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Result: result }),
    }).catch(() => undefined);

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        /* answered below */
      }
      requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, body });
      const answer = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const fault = (status: number, errorCode: string, errorMessage: string) =>
        answer(status, { requestId: `req-${++n}`, errorCode, errorMessage });

      if (url.pathname === '/oauth/v1/generate') {
        const basic = Buffer.from(`${FAKE_DARAJA.consumerKey}:${FAKE_DARAJA.consumerSecret}`).toString('base64');
        if (url.searchParams.get('grant_type') !== 'client_credentials') {
          return fault(400, '400.008.02', 'Invalid grant type passed');
        }
        if (req.headers.authorization !== `Basic ${basic}`)
          return fault(400, '400.008.01', 'Invalid Authentication passed');
        const token = `tok-${++n}`;
        tokens.add(token);
        return answer(200, { access_token: token, expires_in: '3599' });
      }
      if (!tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) {
        return fault(401, '404.001.03', 'Invalid Access Token');
      }
      const failure = failures.shift();
      if (failure) return answer(failure.status, failure.body);
      if (url.pathname === '/mpesa/b2c/v3/paymentrequest' || url.pathname === '/mpesa/transactionstatus/v1/query') {
        if (
          body.SecurityCredential !== FAKE_DARAJA_PAYOUTS.securityCredential ||
          body.PartyA !== FAKE_DARAJA_PAYOUTS.shortcode
        ) {
          return fault(400, '400.002.02', 'Bad Request - Invalid Initiator Information');
        }
        const originatorId = String(body.OriginatorConversationID);
        const conversationId = `AG_fake_${++n}`;
        if (url.pathname === '/mpesa/transactionstatus/v1/query') {
          const original = transfers.find((t) => t.originatorId === String(body.OriginalConversationID));
          answer(200, { ConversationID: conversationId, OriginatorConversationID: originatorId, ResponseCode: '0' });
          void postResult(String(body.ResultURL), {
            ResultType: 0,
            ResultCode: original ? 0 : 2001,
            ResultDesc: original
              ? 'The service request is processed successfully.'
              : 'The transaction could not be found',
            OriginatorConversationID: originatorId,
            ConversationID: conversationId,
            TransactionID: original?.transactionId ?? '',
            ResultParameters: original
              ? {
                  ResultParameter: [
                    { Key: 'ReceiptNo', Value: original.transactionId },
                    { Key: 'TransactionStatus', Value: 'Completed' },
                    { Key: 'Amount', Value: original.amount },
                  ],
                }
              : undefined,
          });
          return;
        }
        const transfer = {
          originatorId,
          transactionId: `SKP${String(++n).padStart(7, '0')}`,
          receiver: String(body.PartyB),
          amount: Number(body.Amount),
        };
        transfers.push(transfer);
        onPayout?.(transfer);
        if (holdPayoutAnswers) return; // received and paid; the answer never comes
        return answer(200, {
          ConversationID: conversationId,
          OriginatorConversationID: originatorId,
          ResponseCode: '0',
        });
      }
      const ts = String(body.Timestamp ?? '');
      const password = Buffer.from(`${FAKE_DARAJA.shortcode}${FAKE_DARAJA.passkey}${ts}`).toString('base64');
      if (body.BusinessShortCode !== FAKE_DARAJA.shortcode || body.Password !== password) {
        return fault(400, '400.002.02', 'Bad Request - Invalid Password');
      }
      if (url.pathname === '/mpesa/stkpush/v1/processrequest') {
        if (!/^254[17]\d{8}$/.test(String(body.PhoneNumber))) {
          return fault(400, '400.002.02', 'Bad Request - Invalid PhoneNumber');
        }
        const push: FakePush = {
          id: `ws_CO_fake_${++n}`,
          merchantRequestId: `mr-${n}`,
          amount: Number(body.Amount),
          phone: String(body.PhoneNumber),
          result: null,
        };
        pushes.set(push.id, push);
        return answer(200, {
          MerchantRequestID: push.merchantRequestId,
          CheckoutRequestID: push.id,
          ResponseCode: '0',
          ResponseDescription: 'Success. Request accepted for processing',
          CustomerMessage: 'Success. Request accepted for processing',
        });
      }
      if (url.pathname === '/mpesa/stkpushquery/v1/query') {
        const push = pushes.get(String(body.CheckoutRequestID));
        if (!push || !push.result) return fault(500, '500.001.1001', 'The transaction is being processed');
        return answer(200, {
          ResponseCode: '0',
          ResponseDescription: 'The service request has been accepted successsfully',
          MerchantRequestID: push.merchantRequestId,
          CheckoutRequestID: push.id,
          ResultCode: String(push.result.code),
          ResultDesc: push.result.desc,
        });
      }
      return fault(404, '404.001.01', 'Resource not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    pushes,
    /** The settings that point the app at this fake. */
    env: (callbackUrl = 'https://tikiti.example/v1/payments/mpesa/callback') => ({
      MPESA_BASE_URL: url,
      MPESA_CONSUMER_KEY: FAKE_DARAJA.consumerKey,
      MPESA_CONSUMER_SECRET: FAKE_DARAJA.consumerSecret,
      MPESA_SHORTCODE: FAKE_DARAJA.shortcode,
      MPESA_PASSKEY: FAKE_DARAJA.passkey,
      MPESA_CALLBACK_URL: callbackUrl,
    }),
    /** The buyer answered the prompt: 0 paid, 1032 cancelled, 1037 timed out, 1 low balance, 2001 wrong PIN. */
    complete(
      id: string,
      code: number,
      desc = code === 0 ? 'The service request is processed successfully.' : 'Failed',
    ) {
      const push = pushes.get(id)!;
      push.result = { code, desc, receipt: code === 0 ? `SKL${String(++n).padStart(7, '0')}` : undefined };
      return push.result;
    },
    /** Daraja's result callback for a prompt, saying `code` whatever the query says (for forgery tests). */
    callbackFor(id: string, code: number, receipt = 'SKL4ABC123') {
      const push = pushes.get(id)!;
      return {
        Body: {
          stkCallback: {
            MerchantRequestID: push.merchantRequestId,
            CheckoutRequestID: push.id,
            ResultCode: code,
            ResultDesc: code === 0 ? 'The service request is processed successfully.' : 'Request cancelled by user',
            ...(code === 0
              ? {
                  CallbackMetadata: {
                    Item: [
                      { Name: 'Amount', Value: push.amount },
                      { Name: 'MpesaReceiptNumber', Value: receipt },
                      { Name: 'TransactionDate', Value: 20261125143000 },
                      { Name: 'PhoneNumber', Value: Number(push.phone) },
                    ],
                  },
                }
              : {}),
          },
        },
      };
    },
    /** Every token issued so far stops working (as when Daraja's hour is up). */
    expireTokens() {
      tokens.clear();
    },
    failNext(status: number, body: Record<string, unknown>) {
      failures.push({ status, body });
    },
    /** What the receiving phones got, in order. */
    transfers,
    /** Payout requests are received and paid but never answered, until told otherwise. */
    holdPayoutAnswers(hold: boolean) {
      holdPayoutAnswers = hold;
    },
    /** Resolves with the next payout the fake receives. */
    nextPayout: () => new Promise<FakeTransfer>((resolve) => (onPayout = resolve)),
    /** The payout settings that point the app at this fake. */
    payoutEnv: () => ({
      MPESA_B2C_INITIATOR: FAKE_DARAJA_PAYOUTS.initiator,
      MPESA_B2C_SECURITY_CREDENTIAL: FAKE_DARAJA_PAYOUTS.securityCredential,
      MPESA_B2C_SHORTCODE: FAKE_DARAJA_PAYOUTS.shortcode,
    }),
    tokenRequests: () => requests.filter((r) => r.path === '/oauth/v1/generate').length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeDaraja = Awaited<ReturnType<typeof startFakeDaraja>>;
