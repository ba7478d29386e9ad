/**
 * The exact words a person is shown when asked about marketing (docs/security.md#consent): the
 * API records them with the answer, so they live here, once, for the web and the API alike. No
 * zod in this file: the event details page's first JavaScript imports it.
 */

/** The checkbox at checkout, unticked until the buyer ticks it. */
export const checkoutConsentWording = (organiser: string) =>
  `Send me news about events from ${organiser} and Tikiti. I can stop this at any time.`;

/** The toggle in the buyer's account. */
export const ACCOUNT_CONSENT_WORDING =
  'Send me news about events from Tikiti and the organisers I have bought from. I can stop this at any time.';
