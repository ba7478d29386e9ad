import { z } from 'zod';
import { envelope } from '../envelope.js';
import { categorySchema } from './event.js';

/** GET v1/category/view (public) and GET v1/client/category/view (organiser). */
export const listCategoriesResponseSchema = envelope(z.array(categorySchema));
