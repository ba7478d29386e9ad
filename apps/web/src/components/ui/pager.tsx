import { PAGE_SIZE } from '@tikiti/contract';
import { countOf } from '../../lib/format';
import { Button } from './button';

/** Previous / next with "Page 2 of 5 · 48 bookings" (`noun` singular: "booking"). */
export function Pager({
  page,
  total,
  noun,
  onPage,
  pageSize = PAGE_SIZE.organiser,
  plural,
}: {
  page: number;
  total: number;
  noun: string;
  onPage: (page: number) => void;
  pageSize?: number;
  /** When the noun's plural is not its singular with an s ("entries"). */
  plural?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-600">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pages} · {countOf(total, noun, plural)}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </div>
  );
}
