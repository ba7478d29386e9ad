import { z } from 'zod';
import { envelope } from '../envelope.js';
import { eventSchema, ticketTypeSchema } from './event.js';

/** GET v1/event/details/{id}: one published event with its open ticket types. */
export const eventDetailsResponseSchema = envelope(eventSchema);

/** GET v1/event/{id}/tickets: the open ticket types of a published event. */
export const eventTicketsResponseSchema = envelope(z.array(ticketTypeSchema));
