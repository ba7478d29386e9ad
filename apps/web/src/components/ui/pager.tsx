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
}: {
  page: number;
  total: number;
  noun: string;
  onPage: (page: number) => void;
  pageSize?: number;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-600">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pages} · {countOf(total, noun)}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </div>
  );
}
