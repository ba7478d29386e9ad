/**
 * docs/product.md#buyer-side: title lower-cased, spaces to hyphens, non-word characters removed,
 * repeated hyphens collapsed, edge hyphens trimmed.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}
