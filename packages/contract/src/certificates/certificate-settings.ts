import { z } from 'zod';
import { text } from '../common.js';
import { envelope } from '../envelope.js';

/**
 * Certificates of attendance (docs/product.md#certificates-of-attendance). Per event the
 * organiser turns them on and says what they certify. Open to the organisation's owner and
 * admins; a door-only teammate is refused (403), another organisation's event is 404.
 */
export const CERTIFICATE_LIMITS = {
  /** CPD points: halves allowed (0.5, 1, 1.5 …), up to this many. */
  cpdPointsMax: 100,
  accreditingBodyMax: 120,
  signatoryMax: 100,
  /** A multi-day event can ask for at most this many distinct (Nairobi) days of attendance. */
  minDaysMax: 31,
} as const;

const optionalLine = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    text().trim().max(max, `At most ${max} characters`).nullable(),
  );

/**
 * PUT v1/client/event/{id}/certificate-settings (the whole settings). `min_days` 1 means
 * "checked in at least once" (the default); 2 or more, checked in on at least that many distinct
 * Nairobi days of a multi-day event (at most the event's own days: `event_days`).
 * `accrediting_body` is required when `enabled`. Saving with `enabled` after the event ended
 * queues the issuing at once.
 */
export const certificateSettingsBodySchema = z
  .object({
    enabled: z.boolean(),
    cpd_points: z
      .number({ error: 'Enter the CPD points' })
      .min(0, 'Points cannot be negative')
      .max(CERTIFICATE_LIMITS.cpdPointsMax, `At most ${CERTIFICATE_LIMITS.cpdPointsMax} points`)
      .multipleOf(0.5, 'Whole or half points only (e.g. 6 or 6.5)'),
    accrediting_body: optionalLine(CERTIFICATE_LIMITS.accreditingBodyMax),
    signatory_name: optionalLine(CERTIFICATE_LIMITS.signatoryMax),
    signatory_title: optionalLine(CERTIFICATE_LIMITS.signatoryMax),
    min_days: z
      .number({ error: 'Enter a number of days' })
      .int('Whole days only')
      .min(1, 'At least 1 day')
      .max(CERTIFICATE_LIMITS.minDaysMax),
  })
  .superRefine((v, ctx) => {
    if (v.enabled && !v.accrediting_body) {
      ctx.addIssue({ code: 'custom', path: ['accrediting_body'], message: 'Name the accrediting body (e.g. ICPAK)' });
    }
  });
export type CertificateSettingsBody = z.infer<typeof certificateSettingsBodySchema>;
export type CertificateSettingsInput = z.input<typeof certificateSettingsBodySchema>;

/** GET and PUT v1/client/event/{id}/certificate-settings answer the settings and where they stand. */
export const certificateSettingsSchema = z.object({
  enabled: z.boolean(),
  cpd_points: z.number(),
  accrediting_body: z.string().nullable(),
  signatory_name: z.string().nullable(),
  signatory_title: z.string().nullable(),
  min_days: z.number().int(),
  /** How many distinct Nairobi days the event spans: the most `min_days` may be. */
  event_days: z.number().int(),
  /** The event's end has passed (certificates are issued then, or at once when turned on later). */
  ended: z.boolean(),
  /** Certificates of the event not revoked, and revoked. */
  issued: z.number().int(),
  revoked: z.number().int(),
});
export type CertificateSettings = z.infer<typeof certificateSettingsSchema>;
export const certificateSettingsResponseSchema = envelope(certificateSettingsSchema);

/** A new event's settings, before the organiser saves any. */
export const DEFAULT_CERTIFICATE_SETTINGS: CertificateSettingsBody = {
  enabled: false,
  cpd_points: 0,
  accrediting_body: null,
  signatory_name: null,
  signatory_title: null,
  min_days: 1,
};
