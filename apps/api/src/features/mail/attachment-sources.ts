import type { AppContext } from '../../app-context.js';

/**
 * Attachments are not stored in the queue: a `mail.send` job keeps a `source` such as
 * `booking-pdf:TK-12345`, and the worker rebuilds the file when it sends. A feature that
 * attaches files registers how to build its kind here (e.g. the booking PDF). The kind
 * `base64` carries small content inline: `base64:<data>`.
 */
export type AttachmentResolver = (ctx: AppContext, ref: string) => Promise<Buffer>;

export const attachmentSources = new Map<string, AttachmentResolver>([
  ['base64', async (_ctx, ref) => Buffer.from(ref, 'base64')],
]);

export function registerAttachmentSource(kind: string, resolve: AttachmentResolver) {
  if (!/^[a-z][a-z0-9-]*$/.test(kind)) throw new Error(`attachment source kind "${kind}" must be kebab-case`);
  attachmentSources.set(kind, resolve);
}

/** The source string of inline content. */
export const inlineAttachmentSource = (content: Buffer) => `base64:${content.toString('base64')}`;

export async function resolveAttachment(ctx: AppContext, source: string): Promise<Buffer> {
  const colon = source.indexOf(':');
  const kind = colon > 0 ? source.slice(0, colon) : source;
  const resolve = attachmentSources.get(kind);
  if (!resolve) throw new Error(`no attachment source registered for "${kind}"`);
  return resolve(ctx, source.slice(colon + 1));
}
