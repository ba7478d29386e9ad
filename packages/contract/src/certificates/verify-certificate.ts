import { z } from 'zod';
import { text } from '../common.js';
import { envelope } from '../envelope.js';

/** The web page that verifies a certificate: `/verify/{code}`; the certificate's QR holds its full address. */
export const CERTIFICATE_VERIFY_PATH = '/verify';
export const certificateVerifyPath = (code: string) => `${CERTIFICATE_VERIFY_PATH}/${code}`;

export const verifyCertificateParamsSchema = z.object({ code: text().max(512) });

/**
 * GET v1/certificates/verify/{code} (public, no sign-in): 200 whatever the code. `valid`: a
 * certificate we issued and have not revoked, with what it certifies. `revoked`: ours, but
 * revoked (re-issued or withdrawn): `number` and `revoked_at` only. `not_valid`: unknown, forged,
 * altered, or not a certificate code at all (a ticket's code is one): nothing else.
 */
export const CERTIFICATE_VERDICTS = ['valid', 'revoked', 'not_valid'] as const;
export type CertificateVerdict = (typeof CERTIFICATE_VERDICTS)[number];

export const verifiedCertificateSchema = z.object({
  number: z.string(),
  holder_name: z.string(),
  event_title: z.string(),
  /** The event's start and end (ISO); shown as Nairobi dates. */
  start_time: z.string(),
  end_time: z.string(),
  cpd_points: z.number(),
  accrediting_body: z.string().nullable(),
  organiser: z.string(),
  issued_at: z.string(),
});
export type VerifiedCertificate = z.infer<typeof verifiedCertificateSchema>;

export const verifyCertificateSchema = z.object({
  result: z.enum(CERTIFICATE_VERDICTS),
  /** Present only when `valid`. */
  certificate: verifiedCertificateSchema.nullable(),
  /** Present only when `revoked`. */
  revoked: z.object({ number: z.string(), revoked_at: z.string() }).nullable(),
});
export type VerifyCertificateAnswer = z.infer<typeof verifyCertificateSchema>;
export const verifyCertificateResponseSchema = envelope(verifyCertificateSchema);
