import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

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
});
