import type { OrganiserPageFields, OrganiserPageSettings } from '@tikiti/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { prepareImage, publicImageUrls, releaseLogo, savePreparedImage, type ImageStore } from '../media/index.js';
import { invalidatePublicCatalogue } from './catalogue-cache.js';
import { findOwnOrganiserPage, updateOrganiserPageRow } from './catalogue.repo.js';

const viewOf = (row: { slug: string; description: string; logoKey: string | null }): OrganiserPageSettings => ({
  slug: row.slug,
  description: row.description,
  logo: row.logoKey ? publicImageUrls(row.logoKey).image : null,
});

/** GET v1/client/organisation/page: what the caller's organisation page shows. */
export async function getOwnOrganiserPage(db: Db, organisationId: number): Promise<OrganiserPageSettings> {
  const row = await findOwnOrganiserPage(db, organisationId);
  if (!row) throw notFound('Organisation');
  return viewOf(row);
}

/**
 * PUT v1/client/organisation/page (docs/product.md#organiser-page): a new description, and a new
 * logo or none. The image is checked and stored before the transaction (as an event's image); the
 * row, the old logo's release and the audit entry commit together. The public page's cache is
 * cleared after, so /o/{slug} shows the change at once.
 */
export async function updateOwnOrganiserPage(
  db: Db,
  images: ImageStore,
  actor: AuditActor,
  fields: OrganiserPageFields,
  logo: Buffer | undefined,
): Promise<OrganiserPageSettings> {
  const organisationId = actor.organisationId;
  const prepared = logo ? await prepareImage(images, logo) : undefined;
  await db.transaction(async (tx) => {
    const before = await findOwnOrganiserPage(tx, organisationId, true);
    if (!before) throw notFound('Organisation');
    const stored = prepared ? await savePreparedImage(tx, prepared) : undefined;
    const logoMediaId = stored ? stored.id : fields.remove_logo ? null : before.logoMediaId;
    await updateOrganiserPageRow(tx, organisationId, { description: fields.description, logoMediaId });
    if (before.logoMediaId !== null && before.logoMediaId !== logoMediaId) {
      await releaseLogo(tx, before.logoMediaId, organisationId);
    }
    await recordAudit(tx, actor, {
      action: 'organisation.page_updated',
      target: { type: 'organisation', id: organisationId, label: before.displayName },
      details: {
        description_changed: before.description !== fields.description,
        logo: stored ? 'replaced' : logoMediaId === null && before.logoMediaId !== null ? 'removed' : 'kept',
      },
    });
  });
  invalidatePublicCatalogue(db);
  return getOwnOrganiserPage(db, organisationId);
}
