/**
 * Every error's machine-readable code, with the HTTP status it comes with. The API puts it in the
 * error envelope's `data.code` beside the message; the web decides what to show by it, never by
 * the message's words, which may be reworded (docs/api.md#error-codes lists each with its
 * meaning, and a test holds that table to this list). No zod here: the web's first JavaScript
 * may import the type.
 */
export const ERROR_STATUS = {
  /** The generic codes, one per kind of refusal (the API's error helpers give them by default). */
  bad_request: 400,
  'validation.invalid_field': 400,
  'request.malformed': 400,
  'auth.required': 401,
  forbidden: 403,
  not_found: 404,
  'auth.wrong_account_type': 406,
  'request.timeout': 408,
  conflict: 409,
  too_large: 413,
  'request.uri_too_long': 414,
  unsupported_type: 415,
  rate_limited: 429,
  'request.headers_too_large': 431,
  internal: 500,
  unavailable: 503,
  /** Signing in. */
  'auth.session_ended': 401,
  'auth.login_failed': 401,
  'auth.code_rejected': 400,
  'auth.locked_out': 429,
  'auth.google_failed': 401,
  'auth.google_not_configured': 404,
  'auth.google_unavailable': 503,
  /** Two-factor sign-in, sessions and re-entering the password (docs/security.md#two-factor-sign-in). */
  'auth.totp_rejected': 400,
  'auth.sign_in_step_ended': 401,
  'auth.totp_already_enabled': 409,
  'auth.totp_not_set_up': 409,
  'auth.totp_required': 403,
  'auth.password_rejected': 400,
  'auth.confirm_required': 403,
  /** Calls only the organisation's owner may make (the activity log). */
  'forbidden.owner_only': 403,
  /** Booking and paying. */
  'booking.event_ended': 400,
  'booking.sold_out': 409,
  'booking.only_n_left': 409,
  'booking.held_for_buyer': 409,
  'payment.mpesa_kes_only': 400,
  'payment.unavailable': 503,
  /** Delegates (docs/product.md#delegates-and-questions). */
  'booking.names_required': 400,
  'attendee.changes_locked': 409,
  'attendee.already_admitted': 409,
  'attendee.ticket_reissued': 409,
  /** Certificates of attendance and badges (docs/product.md#certificates-of-attendance). */
  'certificate.not_enabled': 409,
  'certificate.too_early': 409,
  'certificate.ticket_not_valid': 409,
  'certificate.already_issued': 409,
  'certificate.revoked': 409,
  'badge.nothing_to_print': 409,
  /** The door's search: a refunded or replaced ticket cannot be re-sent or shown. */
  'door.ticket_not_valid': 409,
  /** Tax documents, pay by invoice and the M-Pesa paybill (docs/product.md#pay-by-invoice). */
  'invoice.not_offered': 400,
  'invoice.no_tax_profile': 409,
  'payment.not_awaiting': 409,
  'payment.booking_released': 409,
  'payment.exceeds_owed': 400,
  'payment.currency_mismatch': 400,
  'payment.already_assigned': 409,
  'c2b.address_not_allowed': 403,
  /** A person's rights over their data (docs/security.md#your-data). */
  'privacy.link_invalid': 400,
  /** Messages to attendees and webhooks (docs/product.md#messages-to-attendees, docs/api.md#webhooks). */
  'message.daily_limit': 429,
  'message.no_recipients': 409,
  'webhook.address_not_allowed': 400,
  'webhook.too_many': 409,
  /** An event's image. */
  'image.too_large': 413,
  'image.wrong_type': 415,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The codes that come with HTTP status `S`, e.g. `ErrorCodeOf<409>`. */
export type ErrorCodeOf<S extends number> = {
  [C in ErrorCode]: (typeof ERROR_STATUS)[C] extends S ? C : never;
}[ErrorCode];
