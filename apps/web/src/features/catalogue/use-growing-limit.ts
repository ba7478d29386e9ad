import { useState } from 'react';
import { PAGE_SIZE } from '@tikiti/contract';

/**
 * docs/product.md#business-constants-and-limits paging: the list starts at 6 and each Load More raises the limit by 6. The
 * limit falls back to 6 whenever `filtersKey` changes, so a new filter starts from the top.
 */
export function useGrowingLimit(filtersKey: string) {
  const [state, setState] = useState<{ key: string; limit: number }>({
    key: filtersKey,
    limit: PAGE_SIZE.publicInitial,
  });
  const limit = state.key === filtersKey ? state.limit : PAGE_SIZE.publicInitial;
  const loadMore = () => setState({ key: filtersKey, limit: limit + PAGE_SIZE.publicStep });
  return { limit, loadMore };
}
