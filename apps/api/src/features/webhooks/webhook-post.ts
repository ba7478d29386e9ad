import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_LIMITS } from '@tikiti/contract';
import type { ResolvedAddress } from './webhook-address.js';

/**
 * POSTs a delivery to `url`, connecting to `address` (already resolved and checked) while the
 * Host header and TLS name stay the URL's. Answers the status, or throws on a network failure
 * or after WEBHOOK_LIMITS.timeoutMs. The answer's body is read and dropped (at most 64 KB kept).
 */
export function postWebhook(
  url: string,
  address: ResolvedAddress,
  body: string,
  headers: Record<string, string>,
): Promise<number> {
  const u = new URL(url);
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
  const client = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        timeout: WEBHOOK_LIMITS.timeoutMs,
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${WEBHOOK_LIMITS.timeoutMs / 1000} s`)),
      WEBHOOK_LIMITS.timeoutMs,
    );
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new Error(`no answer within ${WEBHOOK_LIMITS.timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}
