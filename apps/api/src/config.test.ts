import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema, readConfig } from './config.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const variablesIn = (text: string) =>
  [...new Set(text.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b(?:PORT|HOST)\b/g))].sort();

describe('configuration', () => {
  it('has defaults that need no account anywhere', () => {
    const c = readConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.demoData).toBe(true);
    expect(c.stripe).toBeUndefined();
    expect(c.mail.smtpUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('fails naming the variable when a value is wrong', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => readConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => readConfig({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/);
  });

  it('wants both Stripe keys or neither', () => {
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(readConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }).stripe?.secretKey).toBe(
      'sk_test_x',
    );
  });

  it('keeps images in the database unless S3_BUCKET is set, and checks the S3 settings', () => {
    expect(readConfig({}).s3).toBeUndefined();
    // Compose passes every S3 variable, empty when unused.
    expect(
      readConfig({ S3_BUCKET: '', S3_ENDPOINT: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' }).s3,
    ).toBeUndefined();
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    const s3 = {
      S3_BUCKET: 'tikiti-images',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: secret,
      S3_FORCE_PATH_STYLE: 'true',
    };
    expect(readConfig(s3).s3).toEqual({
      bucket: 'tikiti-images',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: secret },
      forcePathStyle: true,
      timeoutMs: 10_000,
    });
    // On AWS with an instance role: no endpoint, no key pair (the SDK's own chain).
    expect(readConfig({ S3_BUCKET: 'tikiti-images' }).s3).toMatchObject({
      endpoint: undefined,
      credentials: undefined,
    });
    expect(() => readConfig({ ...s3, S3_BUCKET: 'Not A Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => readConfig({ ...s3, S3_ENDPOINT: 'ftp://minio' })).toThrow(/S3_ENDPOINT/);
    expect(() => readConfig({ ...s3, S3_FORCE_PATH_STYLE: 'sometimes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => readConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET: must be set/);
    // Half a key pair is refused, naming the variable and never echoing the secret.
    let message = '';
    try {
      readConfig({ ...s3, S3_ACCESS_KEY_ID: '' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together/);
    expect(message).not.toContain(secret);
  });

  it('wants all six M-Pesa settings or none (none: the built-in simulator)', () => {
    const all = {
      MPESA_BASE_URL: 'https://sandbox.safaricom.co.ke',
      MPESA_CONSUMER_KEY: 'key',
      MPESA_CONSUMER_SECRET: 'secret',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: 'passkey',
      MPESA_CALLBACK_URL: 'https://tikiti.example/v1/payments/mpesa/callback',
    };
    expect(readConfig({}).mpesa).toBeUndefined();
    expect(readConfig(all).mpesa).toMatchObject({ shortcode: '174379', baseUrl: 'https://sandbox.safaricom.co.ke' });
    expect(() => readConfig({ ...all, MPESA_PASSKEY: '' })).toThrow(
      /MPESA_PASSKEY: the MPESA_\* settings are set together/,
    );
    expect(() => readConfig({ ...all, MPESA_SHORTCODE: 'abc' })).toThrow(/MPESA_SHORTCODE/);
  });

  it('treats empty values as unset', () => {
    expect(readConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('is documented whole: the README’s table and .env.example name every variable, and no other', () => {
    const declared = Object.keys(envSchema.shape).sort();
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('| Variable |'), readme.indexOf('\n\n', readme.indexOf('| Variable |')));
    const firstColumn = table
      .split('\n')
      .slice(2)
      .map((row) => row.split('|')[1] ?? '')
      .join(' ');
    expect(variablesIn(firstColumn)).toEqual(declared);
    const example = fs
      .readFileSync(path.join(repoRoot, '.env.example'), 'utf8')
      .split('\n')
      .filter((line) => /^#? ?[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => line.replace(/^# ?/, '').split('=')[0]!);
    expect([...new Set(example)].sort()).toEqual(declared);
  });
});

// Issue 26: the service fee and the payout delay (docs/product.md#service-fees).
describe('service fees', () => {
  it('default to 3.5 % plus KES 30 or USD 0.30, and 3 days before sales are paid out', () => {
    const c = readConfig({});
    expect(c.serviceFees).toEqual({ percentBasisPoints: 350, fixedMinor: { KES: 3000, USD: 30 } });
    expect(c.payoutDelayDays).toBe(3);
  });
  it('take other values, and refuse ones that are not amounts of their currency', () => {
    expect(readConfig({ SERVICE_FEE_PERCENT: '2.25', SERVICE_FEE_FIXED_USD: '0.99' }).serviceFees).toEqual({
      percentBasisPoints: 225,
      fixedMinor: { KES: 3000, USD: 99 },
    });
    expect(() => readConfig({ SERVICE_FEE_PERCENT: '3.555' })).toThrow(/SERVICE_FEE_PERCENT/);
    expect(() => readConfig({ SERVICE_FEE_PERCENT: '-1' })).toThrow(/SERVICE_FEE_PERCENT/);
    expect(() => readConfig({ SERVICE_FEE_FIXED_KES: '30.5' })).toThrow(/SERVICE_FEE_FIXED_KES/);
    expect(() => readConfig({ SERVICE_FEE_FIXED_USD: '0.305' })).toThrow(/SERVICE_FEE_FIXED_USD/);
  });
});
