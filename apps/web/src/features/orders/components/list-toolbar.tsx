import { useEffect, useId, useState } from 'react';
import { Download, Search } from 'lucide-react';
import type { AttendeeNameFilter, OrderKind } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { usePasswordConfirmation } from '../../accounts';
import { downloadCsv } from '../api/orders';

/** A search box (searching as the organiser types, after a short pause) and the CSV download of what the list shows. */
export function ListToolbar({
  eventId,
  what,
  kind,
  names,
  label,
  placeholder,
  onSearch,
}: {
  eventId: number;
  what: 'orders' | 'attendees';
  /** The bookings the list shows, which the CSV holds too. */
  kind?: OrderKind;
  /** The attendees the list shows (to be named, changed), which the CSV holds too. */
  names?: AttendeeNameFilter;
  label: string;
  placeholder: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [downloading, setDownloading] = useState(false);
  // Attendee data leaves only after the password is entered again (docs/security.md#re-entering-the-password).
  const { withConfirmation, dialog } = usePasswordConfirmation();
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = text.trim();
      if (next !== q) {
        setQ(next);
        onSearch(next);
      }
    }, 300);
    return () => clearTimeout(timer);
  }, [text, q, onSearch]);

  const download = async () => {
    setDownloading(true);
    try {
      await withConfirmation(() => downloadCsv(eventId, what, q, { kind, names }));
    } catch (err) {
      showAlert('danger', errorMessage(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <div className="relative mt-1.5">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            id={id}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={placeholder}
            maxLength={100}
            className="block h-11 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-3 text-ink placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
          />
        </div>
      </div>
      <Button variant="secondary" onClick={() => void download()} busy={downloading} busyText="Preparing…">
        <Download className="h-4 w-4" aria-hidden />
        Download CSV
      </Button>
      {dialog}
    </div>
  );
}

/** The pager moved to the shared building blocks: the activity log pages the same way. */
export { Pager } from '../../../components/ui/pager';
