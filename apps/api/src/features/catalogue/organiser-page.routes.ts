import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LIMITS,
  organiserPageFieldsSchema,
  organiserPageSettingsResponseSchema,
  type FieldError,
  type OrganiserPageFields,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { actorOf, authenticate, organiserOf } from '../../http/auth.js';
import { send } from '../../http/envelope.js';
import { AppError, badRequest, invalidField, tooLarge, unsupportedType } from '../../http/errors.js';
import { imageStores } from '../media/index.js';
import { getOwnOrganiserPage, updateOwnOrganiserPage } from './organiser-page.service.js';

/** The multipart field that carries the logo. */
const LOGO_FIELD = 'logo';

/**
 * The organisation's public page, /o/{slug} (docs/api.md#organiser-page-settings): owners and
 * admins read and set its description and logo; a door-only teammate is refused (403).
 */
export async function organiserPageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const images = imageStores(ctx).current;
  // On request, before any body is read: a caller without the right token uploads nothing.
  r.addHook('onRequest', authenticate(db, 'organizer'));

  r.get(
    '/client/organisation/page',
    { schema: { response: { 200: organiserPageSettingsResponseSchema } } },
    async (request, reply) => send(reply, await getOwnOrganiserPage(db, organiserOf(request).organisationId)),
  );

  r.put(
    '/client/organisation/page',
    { schema: { response: { 200: organiserPageSettingsResponseSchema } } },
    async (request, reply) => {
      const form = await readPageForm(request);
      const page = await updateOwnOrganiserPage(db, images, actorOf(request), form.fields, form.logo);
      return send(reply, page, { description: 'Your public page is saved' });
    },
  );
}

/** Reads the multipart body: the text fields checked by the contract, the logo buffered (at most 10 MB). */
async function readPageForm(request: FastifyRequest): Promise<{ fields: OrganiserPageFields; logo?: Buffer }> {
  if (!request.isMultipart()) throw unsupportedType('Send the page as multipart/form-data');
  const raw: Record<string, string> = {};
  let logo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== LOGO_FIELD)
          throw invalidField(part.fieldname, `Send the logo in the field "${LOGO_FIELD}"`);
        // A browser sends an empty file part for an empty file input: no new logo.
        if (bytes.length > 0) logo = bytes;
      } else if (part.valueTruncated) {
        throw invalidField(part.fieldname, 'Too long');
      } else if (typeof part.value === 'string' && !(part.fieldname in raw)) {
        raw[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = `The logo is larger than ${LIMITS.imageMaxBytes / (1024 * 1024)} MB`;
      throw tooLarge(`${LOGO_FIELD}: ${message}`, [{ path: LOGO_FIELD, message }], 'image.too_large');
    }
    if (code === 'FST_FILES_LIMIT') throw invalidField(LOGO_FIELD, 'Send one logo only');
    if (err instanceof AppError) throw err;
    throw badRequest('The form data is malformed: send the page as multipart/form-data');
  }
  const parsed = organiserPageFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: FieldError[] = parsed.error.issues.map((i) => ({
      path: i.path.join('.') || 'body',
      message: i.message,
    }));
    throw badRequest(`${errors[0]!.path}: ${errors[0]!.message}`, errors);
  }
  if (logo && parsed.data.remove_logo) throw invalidField(LOGO_FIELD, 'Send a new logo or remove it, not both');
  return { fields: parsed.data, logo };
}
