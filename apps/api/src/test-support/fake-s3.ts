import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the S3 HTTP API, for tests (docs/decisions/0014-image-storage.md): the
 * API's S3 store is pointed at it with S3_ENDPOINT and S3_FORCE_PATH_STYLE=true. It keeps
 * objects in memory and answers path-style PUT, GET, HEAD and DELETE of `/{bucket}/{key}` as
 * S3 does, errors as S3's XML (`NoSuchKey`, `NoSuchBucket`, `SignatureDoesNotMatch`, …).
 *
 * Every request must be signed with AWS Signature Version 4 by the configured key pair: the
 * fake recomputes the signature from the request (canonical request, string to sign, derived
 * key) and checks the payload's SHA-256, so a wrong secret, an unsigned call or a changed
 * body is refused with 403, as S3 would.
 */
export const FAKE_S3 = {
  bucket: 'tikiti-images',
  region: 'eu-west-1',
  accessKeyId: 'AKIAFAKES3TIKITI0001',
  secretAccessKey: 'fake-s3-secret/Tikiti+0123456789abcdefghij',
};

export interface S3Request {
  method: string;
  key: string;
  /** The key id the request was signed with (from its Authorization header). */
  accessKeyId: string | undefined;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** Why a request's SigV4 signature is refused, or undefined when it is good. */
function signatureProblem(req: http.IncomingMessage, body: Buffer, secret: string, keyId: string): string | undefined {
  const match = AUTH.exec(req.headers.authorization ?? '');
  if (!match) return 'the request is not signed with AWS Signature Version 4';
  const [, id, date, region, signedHeaders, signature] = match as unknown as string[];
  if (id !== keyId) return 'unknown access key id';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date!)) return 'x-amz-date does not match the credential scope';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'the body does not match its hash';
  const url = new URL(req.url!, 'http://fake');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headerLines = signedHeaders!
    .split(';')
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [req.method, url.pathname, query, headerLines, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = ['s3', 'aws4_request'].reduce(hmac, hmac(hmac(`AWS4${secret}`, date!), region!));
  const expected = Buffer.from(createHmac('sha256', key).update(toSign).digest('hex'));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'the signature does not match';
  return undefined;
}

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startFakeS3(opts: { secretAccessKey?: string } = {}) {
  const secret = opts.secretAccessKey ?? FAKE_S3.secretAccessKey;
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: S3Request[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const fail = (status: number, code: string, message: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : errorXml(code, message));
      };
      const path = new URL(req.url!, 'http://fake').pathname;
      const [, bucket, ...rest] = path.split('/');
      const key = decodeURIComponent(rest.join('/'));
      requests.push({
        method: req.method!,
        key,
        accessKeyId: /Credential=([^/]+)\//.exec(req.headers.authorization ?? '')?.[1],
      });
      const problem = signatureProblem(req, body, secret, FAKE_S3.accessKeyId);
      if (problem)
        return fail(403, problem.includes('key id') ? 'InvalidAccessKeyId' : 'SignatureDoesNotMatch', problem);
      if (bucket !== FAKE_S3.bucket) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (!key) return fail(400, 'InvalidRequest', 'Bucket operations are not supported by this fake');
      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        const found = objects.get(key);
        if (!found) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, { 'content-type': found.contentType, 'content-length': found.body.length });
        return res.end(req.method === 'HEAD' ? undefined : found.body);
      }
      return fail(405, 'MethodNotAllowed', 'The specified method is not allowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    /** The objects in the bucket, by key. */
    objects,
    /** Every request received, signed or not. */
    requests,
    /** The environment that points the API's S3 store here. */
    env: (): Record<string, string> => ({
      S3_BUCKET: FAKE_S3.bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: FAKE_S3.region,
      S3_ACCESS_KEY_ID: FAKE_S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: FAKE_S3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;
