import type { AppContext } from '../../app-context.js';
import { insertSimulatedSms } from './sms.repo.js';

/** One SMS to one phone (+254…). Throws when it was not accepted; the caller's job retries. */
export interface SmsTransport {
  send(sms: { to: string; text: string }): Promise<void>;
}

/** An attempt at Africa's Talking gives up after this. */
const SMS_TIMEOUT_MS = 10_000;

/** Africa's Talking's per-recipient codes that mean "taken": 100 Processed, 101 Sent, 102 Queued. */
const ACCEPTED = new Set([100, 101, 102]);

interface AtResponse {
  SMSMessageData?: { Message?: string; Recipients?: { statusCode?: number; status?: string; number?: string }[] };
}

/**
 * Africa's Talking's bulk SMS API (POST {AT_BASE_URL}/version1/messaging, form-encoded, the API
 * key in the `apiKey` header). One recipient per call: each delivery is its own job.
 */
export function africasTalkingTransport(
  at: { username: string; apiKey: string; senderId?: string; baseUrl: string },
  fetchImpl: typeof fetch = fetch,
): SmsTransport {
  return {
    async send({ to, text }) {
      const form = new URLSearchParams({ username: at.username, to, message: text, bulkSMSMode: '1' });
      if (at.senderId) form.set('from', at.senderId);
      const res = await fetchImpl(`${at.baseUrl}/version1/messaging`, {
        method: 'POST',
        headers: {
          apiKey: at.apiKey,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      const raw = await res.text();
      if (!res.ok) throw new Error(`Africa's Talking answered HTTP ${res.status}`);
      let body: AtResponse;
      try {
        body = JSON.parse(raw) as AtResponse;
      } catch {
        throw new Error("Africa's Talking answered something other than JSON");
      }
      const recipient = body.SMSMessageData?.Recipients?.[0];
      if (!recipient || !ACCEPTED.has(recipient.statusCode ?? 0)) {
        throw new Error(`SMS not accepted: ${recipient?.status ?? body.SMSMessageData?.Message ?? 'no recipient'}`);
      }
    },
  };
}

/** The local simulator: the SMS is kept in the database for /dev/sms. */
export function simulatorTransport(ctx: AppContext): SmsTransport {
  return {
    async send({ to, text }) {
      await insertSimulatedSms(ctx.db, { to, from: ctx.config.smsSenderId, text });
    },
  };
}

/** Africa's Talking when AT_USERNAME/AT_API_KEY are set, else the simulator. */
export function smsTransportFor(ctx: AppContext): SmsTransport {
  return ctx.config.africasTalking ? africasTalkingTransport(ctx.config.africasTalking) : simulatorTransport(ctx);
}
