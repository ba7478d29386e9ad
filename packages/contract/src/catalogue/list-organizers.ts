import { z } from 'zod';
import { envelope } from '../envelope.js';
import { organizerSummarySchema } from './event.js';

/** GET v1/client/view: organisers that have published events. */
export const listOrganizersResponseSchema = envelope(z.array(organizerSummarySchema));
