import { z } from 'zod';
import { emptyToUndefined, idSchema, idTextSchema, pageQuerySchema, paged, queryText } from '../common.js';
import { envelope } from '../envelope.js';

export const CERTIFICATE_STATUSES = ['issued', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/**
 * GET v1/client/event/{id}/certificates: the event's certificates, newest first, `q` finding a
 * name, email, company or certificate number, `status` keeping `issued` or `revoked` ones. The
 * same query gives the register at GET v1/client/event/{id}/certificates.csv (every match; it
 * asks for the password again like the attendee exports, `auth.confirm_required`, and is
 * audited). Owner and admins only.
 */
export const listCertificatesQuerySchema = pageQuerySchema.extend({
  q: queryText(100),
  status: z.preprocess(emptyToUndefined, z.enum(CERTIFICATE_STATUSES).optional()),
});
export type ListCertificatesQuery = z.infer<typeof listCertificatesQuerySchema>;

export const certificateRowSchema = z.object({
  id: z.number().int(),
  /** The printed certificate number, e.g. `CPD-42-0007`. */
  number: z.string(),
  /** The attendee's name as printed (the delegate's, else the buyer's), company and email mailed to. */
  holder_name: z.string(),
  company: z.string().nullable(),
  email_address: z.string(),
  /** The e-ticket it certifies (the ticket the door admitted). */
  ticket_id: z.number().int(),
  ticket_type: z.string(),
  booking_reference: z.string(),
  cpd_points: z.number(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
  status: z.enum(CERTIFICATE_STATUSES),
  /** `auto` by the job after the event, `manual` by the organiser, `reissue` replacing a revoked one. */
  source: z.enum(['auto', 'manual', 'reissue']),
  /** When its mail went out; null until sent. */
  emailed_at: z.string().nullable(),
  /** The certificate that replaced this one when it was re-issued, else null. */
  replaced_by: z.number().int().nullable(),
  /** The public verification page's address (`/verify/{code}` on the site), what the QR holds. */
  verify_url: z.string(),
  /** URL of the PDF (public: the signed code in it is the key; 404 once revoked). */
  pdf_url: z.string(),
});
export type CertificateRow = z.infer<typeof certificateRowSchema>;
export const listCertificatesResponseSchema = envelope(paged(certificateRowSchema));

/**
 * POST v1/client/event/{id}/certificates → 201: issues one by hand to a ticket the door missed
 * (no check-in needed), and mails it. Refused: certificates off (`certificate.not_enabled`), the
 * event not started yet (`certificate.too_early`), the ticket refunded or replaced
 * (`certificate.ticket_not_valid`), or already holding a live certificate
 * (`certificate.already_issued`). A ticket of another event is 404.
 */
export const issueCertificateBodySchema = z.object({ ticket_id: idSchema });
export type IssueCertificateBody = z.infer<typeof issueCertificateBodySchema>;
export const certificateResponseSchema = envelope(certificateRowSchema);

export const certificateParamsSchema = z.object({ id: idTextSchema, certificate_id: idTextSchema });

/**
 * POST v1/client/event/{id}/certificates/{certificate_id}/reissue → 201: after a name
 * correction, revokes it and issues a new one (new number, new code) with the ticket's current
 * name, and mails it; answers the new one. POST …/{certificate_id}/revoke → 200: revokes it (its
 * code then verifies as `revoked`); answers it. Either on a revoked one: `certificate.revoked`.
 * Both are audited.
 */
export const reissueCertificateResponseSchema = certificateResponseSchema;
export const revokeCertificateResponseSchema = certificateResponseSchema;
