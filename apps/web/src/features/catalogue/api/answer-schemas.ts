/**
 * The schemas of the catalogue's answers, loaded with the first answer rather than with the app
 * or the page, so zod stays out of the first JavaScript (lib/api-client.ts) and out of a page the
 * server drew with its answers (docs/decisions/0022-main-thread-on-a-phone.md).
 */
export {
  eventDetailsResponseSchema,
  listCategoriesResponseSchema,
  listEventCardsDataSchema,
  listOrganizersResponseSchema,
} from '@tikiti/contract';
