/**
 * The checks a booking passes before it is sent (docs/product.md#validation-rules), loaded when a
 * visitor picks a ticket or presses pay rather than with the event's page: they are zod schemas,
 * and building zod on a first visit costs a phone's main thread more than the page itself
 * (docs/decisions/0022-main-thread-on-a-phone.md).
 */
export { bookEventBodySchema, mpesaPhone } from '@tikiti/contract';
