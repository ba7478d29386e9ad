/**
 * The schemas of the catalogue answers the home page asks for, loaded with the first answer
 * rather than with the app, so zod stays out of the first JavaScript (lib/api-client.ts).
 */
export { listCategoriesResponseSchema, listEventCardsDataSchema, listOrganizersResponseSchema } from '@tikiti/contract';
