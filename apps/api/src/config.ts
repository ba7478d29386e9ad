import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_PAYOUT_DELAY_DAYS,
  fitsMinorUnits,
  SERVICE_FEE_DEFAULTS,
  toMinor,
  type Currency,
} from '@tikiti/contract';

/**
 * Every setting of the API, read from the environment once at start-up (docs/architecture.md#configuration).
 * A wrong value stops the process with a message naming the variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A duration in milliseconds, 1 ms to 1 hour. */
const ms = (fallback: number) => z.coerce.number().int().min(1).max(3_600_000).default(fallback);

const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const BASIS_POINTS_PER_PERCENT = 100;

/** Exported for the test that holds the README's table and .env.example to it. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalText.pipe(z.string().url().optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * A PostgreSQL streaming replica: anonymous public catalogue reads go there, everything else
   * stays on DATABASE_URL (docs/decisions/0032-read-replica.md).
   */
  DATABASE_REPLICA_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /**
   * How long a request waits for a PostgreSQL connection (a new one, or a turn in a busy pool)
   * before answering 503. Long enough to queue through a flash sale's burst.
   */
  DATABASE_CONNECT_TIMEOUT_MS: ms(10_000),
  /** PostgreSQL cancels a statement that runs longer (server side; the client gives up 2 s later). */
  DATABASE_STATEMENT_TIMEOUT_MS: ms(10_000),
  /** PostgreSQL ends a session left idle inside a transaction this long. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: ms(30_000),
  /** A client must send its request line and headers within this. */
  HTTP_HEADERS_TIMEOUT_MS: ms(10_000),
  /** A client must send its whole request (a 10 MB image on a slow phone included) within this. */
  HTTP_REQUEST_TIMEOUT_MS: ms(120_000),
  /** A connection with no traffic either way is closed after this. */
  HTTP_IDLE_TIMEOUT_MS: ms(60_000),
  /** An idle keep-alive connection is closed after this (above the 60 s of common load balancers). */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: ms(72_000),
  DEMO_DATA: bool.default(true),
  /** How long public catalogue responses may be reused; 0 turns the cache off. */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * Pages the server may draw per second (docs/decisions/0023-first-screens-on-a-budget.md); past
   * it a page is sent without its first screen and the browser draws it. 0: never on the server.
   */
  FIRST_SCREENS_PER_SECOND: z.coerce.number().int().min(0).max(10_000).default(20),
  /** How long a booking holds its tickets while the buyer pays (docs/product.md#inventory). */
  HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
  /** How long a waiting-list offer holds its seats (docs/product.md#waiting-list); never past the event's start. */
  WAITLIST_OFFER_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  /**
   * Months after an event ends when the retention job removes its buyers' and delegates' names,
   * emails, phones and answers (docs/security.md#retention); amounts and references stay.
   */
  ATTENDEE_DATA_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  /** Bookings one address may start in 10 minutes (holds cost seats); 0 turns the limit off. */
  BOOKINGS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(30),
  /** Lets a Prometheus elsewhere scrape /metrics with `Authorization: Bearer <token>` (this machine needs none). */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Other sites allowed to call the API from a browser, besides PUBLIC_URL's own origin. */
  CORS_ORIGINS: optionalText,
  /**
   * Whose X-Forwarded-For to believe for the caller's address (rate limits): unset trusts
   * nobody; 'true' every proxy; else a comma-separated list of proxy addresses or CIDRs.
   */
  TRUST_PROXY: optionalText,
  WEB_DIST: optionalText,
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Tikiti <tickets@tikiti.local>'),
  OPERATOR_EMAIL: z.string().email().default('support@tikiti.local'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** For tests and proxies: where the Stripe SDK sends its calls, e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: optionalText.pipe(z.string().url().optional()),
  /** Safaricom's Daraja (docs/decisions/0012-mpesa-daraja.md); all six together, or none for the simulator. */
  MPESA_BASE_URL: optionalText.pipe(z.string().url().optional()),
  MPESA_CONSUMER_KEY: optionalText,
  MPESA_CONSUMER_SECRET: optionalText,
  MPESA_SHORTCODE: optionalText.pipe(
    z
      .string()
      .regex(/^\d{5,7}$/, 'must be the 5 to 7 digit business shortcode')
      .optional(),
  ),
  MPESA_PASSKEY: optionalText,
  MPESA_CALLBACK_URL: optionalText.pipe(z.string().url().optional()),
  /**
   * The paybill (business number) companies pay proformas to by M-Pesa C2B
   * (docs/operations.md#m-pesa-paybill-c2b). Without MPESA_* (the simulator) it defaults to the
   * simulator's 600000; with Daraja and without it, no paybill is offered.
   */
  MPESA_C2B_SHORTCODE: optionalText.pipe(
    z
      .string()
      .regex(/^\d{5,7}$/, 'must be the 5 to 7 digit paybill number')
      .optional(),
  ),
  /**
   * Safaricom's callback addresses, comma-separated: only they may call the C2B validation and
   * confirmation URLs. Empty lets any address call (development, the simulator); required in
   * production when a paybill is set.
   */
  MPESA_C2B_ALLOWED_IPS: optionalText,
  /**
   * Payouts to organisers through Daraja's B2C and B2B (docs/operations.md#m-pesa-payouts): the
   * initiator's name, its security credential (as Safaricom's portal gives it) and the shortcode
   * money leaves from; all three together, with MPESA_*. Without MPESA_* the simulator pays.
   */
  MPESA_B2C_INITIATOR: optionalText,
  MPESA_B2C_SECURITY_CREDENTIAL: optionalText,
  MPESA_B2C_SHORTCODE: optionalText.pipe(
    z
      .string()
      .regex(/^\d{5,7}$/, 'must be the 5 to 7 digit shortcode')
      .optional(),
  ),
  /**
   * SMS through Africa's Talking's bulk SMS API (docs/product.md#messages-to-attendees): username
   * and API key set together, or neither for the local simulator at /dev/sms. AT_SENDER_ID is the
   * registered sender name or shortcode (optional: Africa's Talking's shared one without it).
   */
  AT_USERNAME: optionalText,
  AT_API_KEY: optionalText,
  AT_SENDER_ID: optionalText,
  AT_BASE_URL: optionalText.pipe(z.string().url().optional()),
  GOOGLE_CLIENT_ID: optionalText,
  /** Where Google's ID-token signing keys are fetched (a local key set in tests). */
  GOOGLE_JWKS_URL: optionalText.pipe(z.string().url().optional()),
  /**
   * Images on S3-compatible storage (docs/decisions/0014-image-storage.md): set S3_BUCKET to
   * turn it on; unset keeps image bytes in PostgreSQL. S3_ENDPOINT names a non-AWS server
   * (MinIO, Garage, R2, …); the key pair is set together, or left to the AWS SDK's own chain.
   */
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, . and -)')
      .optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(
    z
      .string()
      .url()
      .regex(/^https?:\/\//, 'must start with http:// or https://')
      .optional(),
  ),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Bucket in the path (http://host/bucket/key), as most self-hosted servers want, not in the host name. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** One S3 call (connecting included) gives up after this; the request then answers 503. */
  S3_TIMEOUT_MS: ms(10_000),
  /** Signs e-ticket codes; when unset a random secret is generated once and kept in the database. */
  TICKET_SIGNING_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * Encrypts organisers' authenticator secrets (docs/security.md#two-factor-sign-in). Kept out of
   * the database, so a dump of it alone does not reveal them; when unset, a key is generated once
   * and kept in the database (a dump then reveals both).
   */
  /**
   * The platform's service fee per paid ticket (docs/product.md#service-fees): a percentage of
   * the price the buyer pays for it (two decimals at most), plus a fixed amount per currency, plus
   * 16 % VAT on the fee. The operator may set another per organisation.
   */
  SERVICE_FEE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(50)
    .refine(
      (v) => Math.abs(Math.round(v * BASIS_POINTS_PER_PERCENT) - v * BASIS_POINTS_PER_PERCENT) < 1e-6,
      'at most two decimals',
    )
    .default(SERVICE_FEE_DEFAULTS.percent),
  SERVICE_FEE_FIXED_KES: z.coerce
    .number()
    .min(0)
    .max(100_000)
    .refine((v) => Number.isInteger(v), 'whole shillings')
    .default(SERVICE_FEE_DEFAULTS.fixed.KES),
  SERVICE_FEE_FIXED_USD: z.coerce
    .number()
    .min(0)
    .max(1000)
    .refine((v) => fitsMinorUnits(v, 'USD'), 'at most two decimals')
    .default(SERVICE_FEE_DEFAULTS.fixed.USD),
  /** Days after an event ends before its sales can be paid out (docs/product.md#balances). */
  PAYOUT_DELAY_DAYS: z.coerce.number().int().min(0).max(90).default(DEFAULT_PAYOUT_DELAY_DAYS),
  TOTP_ENCRYPTION_KEY: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
});

export type Config = ReturnType<typeof readConfig>;

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : value;
}

/**
 * The origins a browser may call the API from, with credentials: the app's own (PUBLIC_URL)
 * and those listed in CORS_ORIGINS. Each must be a real http(s) origin; `null` never is.
 */
function allowedOrigins(publicUrl: string, listed: string | undefined): string[] {
  const origins = new Set([new URL(publicUrl).origin]);
  for (const raw of (listed ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(raw);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== raw.replace(/\/$/, '')) {
      throw new Error(
        `Invalid configuration:\n  CORS_ORIGINS: "${raw}" is not an origin like https://tikiti.example.com`,
      );
    }
    origins.add(url.origin);
  }
  return [...origins];
}

/** The paybill of C2B payments and who may report them (docs/operations.md#m-pesa-paybill-c2b). */
function mpesaC2bOf(
  e: { MPESA_C2B_SHORTCODE?: string; MPESA_C2B_ALLOWED_IPS?: string; NODE_ENV: string },
  daraja: boolean,
): { shortcode: string | null; allowedIps: string[] } {
  const allowedIps = (e.MPESA_C2B_ALLOWED_IPS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const ip of allowedIps) {
    if (!/^(\d{1,3}\.){3}\d{1,3}$/.test(ip) && !/^[0-9a-f:]+$/i.test(ip)) {
      throw new Error(`Invalid configuration:\n  MPESA_C2B_ALLOWED_IPS: "${ip}" is not an IP address`);
    }
  }
  const shortcode = e.MPESA_C2B_SHORTCODE ?? (daraja ? null : SIMULATOR_PAYBILL);
  if (e.NODE_ENV === 'production' && e.MPESA_C2B_SHORTCODE && allowedIps.length === 0) {
    throw new Error(
      "Invalid configuration:\n  MPESA_C2B_ALLOWED_IPS: list Safaricom's callback addresses when MPESA_C2B_SHORTCODE is set in production",
    );
  }
  return { shortcode, allowedIps };
}

/**
 * The service fee rule in the units the code uses (docs/product.md#service-fees): basis points
 * (350 is 3.5 %) and minor units per currency. Every currency Tikiti sells in has its amount.
 */
export function serviceFeesOf(percent: number, fixed: Record<Currency, number>) {
  return {
    percentBasisPoints: Math.round(percent * BASIS_POINTS_PER_PERCENT),
    fixedMinor: { KES: toMinor(fixed.KES, 'KES'), USD: toMinor(fixed.USD, 'USD') } satisfies Record<Currency, number>,
  };
}

/** The simulator's paybill (the /dev/mpesa Pay bill screen), used when Daraja is not configured. */
export const SIMULATOR_PAYBILL = '600000';

export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new Error(
      'Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set together',
    );
  }
  const mpesaKeys = [
    'MPESA_BASE_URL',
    'MPESA_CONSUMER_KEY',
    'MPESA_CONSUMER_SECRET',
    'MPESA_SHORTCODE',
    'MPESA_PASSKEY',
    'MPESA_CALLBACK_URL',
  ] as const;
  const mpesaSet = mpesaKeys.filter((k) => e[k]);
  const b2cKeys = ['MPESA_B2C_INITIATOR', 'MPESA_B2C_SECURITY_CREDENTIAL', 'MPESA_B2C_SHORTCODE'] as const;
  const b2cSet = b2cKeys.filter((k) => e[k]);
  if (b2cSet.length > 0 && (b2cSet.length < b2cKeys.length || mpesaSet.length === 0)) {
    const missing = [...b2cKeys, ...(mpesaSet.length === 0 ? ['MPESA_*'] : [])].filter((k) => !e[k as keyof typeof e]);
    throw new Error(
      `Invalid configuration:\n  ${missing.join(', ')}: the MPESA_B2C_* settings are set together, with MPESA_*`,
    );
  }
  if (mpesaSet.length > 0 && mpesaSet.length < mpesaKeys.length) {
    const missing = mpesaKeys.filter((k) => !e[k]).join(', ');
    throw new Error(`Invalid configuration:\n  ${missing}: the MPESA_* settings are set together`);
  }
  if (Boolean(e.AT_USERNAME) !== Boolean(e.AT_API_KEY)) {
    throw new Error('Invalid configuration:\n  AT_API_KEY: AT_USERNAME and AT_API_KEY are set together');
  }
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  DATABASE_REPLICA_URL: needs DATABASE_URL (the embedded database has no replicas)',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Invalid configuration:\n  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together',
    );
  }
  const s3Only = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID'] as const).filter((k) => e[k]);
  if (!e.S3_BUCKET && s3Only.length) {
    throw new Error(`Invalid configuration:\n  S3_BUCKET: must be set when ${s3Only.join(' and ')} is`);
  }
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    demoData: e.DEMO_DATA,
    catalogueCacheMs: e.CATALOGUE_CACHE_MS,
    firstScreensPerSecond: e.FIRST_SCREENS_PER_SECOND,
    holdMinutes: e.HOLD_MINUTES,
    waitlistOfferHours: e.WAITLIST_OFFER_HOURS,
    bookingsPerAddress: e.BOOKINGS_PER_ADDRESS,
    attendeeDataRetentionMonths: e.ATTENDEE_DATA_RETENTION_MONTHS,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    corsOrigins: allowedOrigins(publicUrl, e.CORS_ORIGINS),
    webDist: e.WEB_DIST,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, operator: e.OPERATOR_EMAIL },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiBase: e.STRIPE_API_BASE,
        }
      : undefined,
    mpesa:
      mpesaSet.length > 0
        ? {
            baseUrl: e.MPESA_BASE_URL!,
            consumerKey: e.MPESA_CONSUMER_KEY!,
            consumerSecret: e.MPESA_CONSUMER_SECRET!,
            shortcode: e.MPESA_SHORTCODE!,
            passkey: e.MPESA_PASSKEY!,
            callbackUrl: e.MPESA_CALLBACK_URL!,
          }
        : undefined,
    mpesaC2b: mpesaC2bOf(e, mpesaSet.length > 0),
    mpesaB2c:
      b2cSet.length > 0
        ? {
            initiator: e.MPESA_B2C_INITIATOR!,
            securityCredential: e.MPESA_B2C_SECURITY_CREDENTIAL!,
            shortcode: e.MPESA_B2C_SHORTCODE!,
          }
        : undefined,
    africasTalking: e.AT_USERNAME
      ? {
          username: e.AT_USERNAME,
          apiKey: e.AT_API_KEY!,
          senderId: e.AT_SENDER_ID,
          baseUrl: (
            e.AT_BASE_URL ??
            (e.AT_USERNAME === 'sandbox' ? 'https://api.sandbox.africastalking.com' : 'https://api.africastalking.com')
          ).replace(/\/$/, ''),
        }
      : undefined,
    /** The sender name the SMS simulator shows when AT_* are unset. */
    smsSenderId: e.AT_SENDER_ID ?? 'TIKITI',
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs',
    ticketSigningSecret: e.TICKET_SIGNING_SECRET,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
    serviceFees: serviceFeesOf(e.SERVICE_FEE_PERCENT, { KES: e.SERVICE_FEE_FIXED_KES, USD: e.SERVICE_FEE_FIXED_USD }),
    payoutDelayDays: e.PAYOUT_DELAY_DAYS,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials: e.S3_ACCESS_KEY_ID
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! }
            : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          timeoutMs: e.S3_TIMEOUT_MS,
        }
      : undefined,
  };
}
