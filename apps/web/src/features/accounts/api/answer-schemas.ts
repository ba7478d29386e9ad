/**
 * The schemas of the account answers that code loaded with the app asks for (the menus' sign-out,
 * the organiser's role), loaded with the answer rather than with the app (lib/api-client.ts).
 */
export { logoutResponseSchema, organiserMeSchema } from '@tikiti/contract';
