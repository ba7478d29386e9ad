import { useEffect, useId, useState } from 'react';
import clsx from 'clsx';
import { Ban, Download, FileText, Plus, RefreshCw, Search, ShieldCheck } from 'lucide-react';
import type { CertificateRow, CertificateStatus } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { formatDay } from '../../../lib/format';
import { usePasswordConfirmation } from '../../accounts';
import { downloadRegister, useCertificates, useChangeCertificate } from '../api/certificates';
import { IssueDialog } from './issue-dialog';

const FILTERS: { status: CertificateStatus | undefined; label: string }[] = [
  { status: undefined, label: 'All' },
  { status: 'issued', label: 'Issued' },
  { status: 'revoked', label: 'Revoked' },
];

const SOURCE: Record<CertificateRow['source'], string> = {
  auto: 'after the event',
  manual: 'by hand',
  reissue: 're-issued',
};

const points = (n: number) => `${n} CPD point${n === 1 ? '' : 's'}`;

function Row({ c, onReissue, onRevoke }: { c: CertificateRow; onReissue: () => void; onRevoke: () => void }) {
  const revoked = c.status === 'revoked';
  return (
    <li className="px-4 py-3">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:gap-4">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className={clsx('font-medium', revoked ? 'text-slate-500 line-through' : 'text-ink')}>
              {c.holder_name}
            </span>
            <span
              className={clsx(
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                revoked ? 'bg-red-100 text-red-800' : 'bg-emerald-100 text-emerald-800',
              )}
            >
              {revoked ? 'Revoked' : 'Issued'}
            </span>
          </p>
          {c.company && <p className="text-sm text-slate-700">{c.company}</p>}
          <p className="text-sm text-slate-600 wrap-anywhere">{c.email_address}</p>
          <p className="text-sm text-slate-600">
            <span className="whitespace-nowrap font-mono">{c.number}</span> · {points(c.cpd_points)} · {c.ticket_type} ·{' '}
            <span className="whitespace-nowrap font-mono">{c.booking_reference}</span>
          </p>
        </div>
        <div className="text-sm text-slate-600 sm:text-right">
          <p>
            Issued {formatDay(c.issued_at)} ({SOURCE[c.source]})
          </p>
          <p>{c.emailed_at ? `Mailed ${formatDay(c.emailed_at)}` : 'Not mailed yet'}</p>
          {c.revoked_at && <p className="text-red-700">Revoked {formatDay(c.revoked_at)}</p>}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        {!revoked && (
          <>
            <a
              href={c.pdf_url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex h-9 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-ink hover:bg-slate-50"
            >
              <FileText className="h-4 w-4" aria-hidden />
              PDF<span className="sr-only"> of {c.number}</span>
            </a>
            <a
              href={c.verify_url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              <ShieldCheck className="h-4 w-4" aria-hidden />
              Verify page<span className="sr-only"> of {c.number}</span>
            </a>
            <Button variant="secondary" size="sm" onClick={onReissue}>
              <RefreshCw className="h-4 w-4" aria-hidden />
              Re-issue<span className="sr-only"> {c.number}</span>
            </Button>
            <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={onRevoke}>
              <Ban className="h-4 w-4" aria-hidden />
              Revoke<span className="sr-only"> {c.number}</span>
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * The event's register of certificates (docs/product.md#certificates-of-attendance): search,
 * issued or revoked, the CSV a professional body asks for (the password again: attendee data),
 * and per certificate its PDF, its verification page, re-issue and revoke, each confirmed.
 */
export function Register({ eventId, canIssue }: { eventId: number; canIssue: boolean }) {
  const searchId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<CertificateStatus | undefined>(undefined);
  const [issuing, setIssuing] = useState(false);
  const [asking, setAsking] = useState<{ c: CertificateRow; action: 'reissue' | 'revoke' } | null>(null);
  const [downloading, setDownloading] = useState(false);
  const list = useCertificates(eventId, { q, page, status });
  const change = useChangeCertificate(eventId);
  const { withConfirmation, dialog } = usePasswordConfirmation();
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = text.trim();
      if (next !== q) {
        setQ(next);
        setPage(1);
      }
    }, 300);
    return () => clearTimeout(timer);
  }, [text, q]);

  const download = async () => {
    setDownloading(true);
    try {
      await withConfirmation(() => downloadRegister(eventId, { q, status }));
    } catch (err) {
      showAlert('danger', errorMessage(err));
    } finally {
      setDownloading(false);
    }
  };

  const confirm = async () => {
    if (!asking) return;
    const { c, action } = asking;
    try {
      const answer = await change.mutateAsync({ id: c.id, action });
      showAlert(
        'success',
        action === 'reissue'
          ? `${c.number} revoked; ${answer.number} issued to ${answer.holder_name} and mailed.`
          : `${c.number} revoked: its QR code now shows it as revoked.`,
      );
    } catch (err) {
      showAlert(
        'danger',
        err instanceof ApiError && err.code === 'certificate.revoked'
          ? `${c.number} was already revoked.`
          : errorMessage(err),
      );
    } finally {
      setAsking(null);
    }
  };

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={searchId} className="block text-sm font-medium text-slate-700">
            Search certificates
          </label>
          <div className="relative mt-1.5">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <input
              id={searchId}
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Name, email, company or certificate number"
              maxLength={100}
              className="block h-11 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-3 text-ink placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
            />
          </div>
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            className="flex-1"
            onClick={() => void download()}
            busy={downloading}
            busyText="Preparing…"
          >
            <Download className="h-4 w-4" aria-hidden />
            Download CSV
          </Button>
          <Button className="flex-1" onClick={() => setIssuing(true)} disabled={!canIssue}>
            <Plus className="h-4 w-4" aria-hidden />
            Issue by hand
          </Button>
        </div>
      </div>
      <div
        role="group"
        aria-label="Which certificates"
        className="mt-4 inline-flex flex-wrap rounded-lg border border-slate-200 bg-slate-50 p-1 text-sm"
      >
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            aria-pressed={status === f.status}
            onClick={() => {
              setStatus(f.status);
              setPage(1);
            }}
            className={clsx(
              'rounded-md px-3 py-1.5 font-medium',
              status === f.status ? 'bg-white text-ink shadow-sm' : 'text-slate-600 hover:text-ink',
            )}
          >
            {f.label}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <div className="mt-4 space-y-3" role="status" aria-label="Loading certificates">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : list.isError ? (
        <div className="mt-4">
          <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
        </div>
      ) : list.data.total === 0 ? (
        <div className="mt-4">
          <EmptyState
            title={q ? 'No certificate matches' : status ? `No ${status} certificates` : 'No certificates yet'}
          >
            {q
              ? `Nothing found for “${q}”.`
              : 'Certificates appear here once the event ends, or when you issue one by hand.'}
          </EmptyState>
        </div>
      ) : (
        <>
          <ul
            className={clsx(
              'mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm',
              list.isPlaceholderData && 'opacity-60',
            )}
            aria-label="Certificates"
          >
            {list.data.data.map((c) => (
              <Row
                key={c.id}
                c={c}
                onReissue={() => setAsking({ c, action: 'reissue' })}
                onRevoke={() => setAsking({ c, action: 'revoke' })}
              />
            ))}
          </ul>
          <Pager page={page} total={list.data.total} noun="certificate" onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.action === 'reissue' ? `Re-issue ${asking.c.number}?` : `Revoke ${asking?.c.number ?? ''}?`}
        confirmLabel={asking?.action === 'reissue' ? 'Revoke and issue a new one' : 'Revoke certificate'}
        danger={asking?.action === 'revoke'}
        busy={change.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      >
        {asking?.action === 'reissue' ? (
          <p>
            This certificate is revoked and a new one, with a new number and the ticket&apos;s current name, is mailed
            to the attendee. Its old QR code will show as revoked.
          </p>
        ) : (
          <p>
            {asking?.c.holder_name}&apos;s certificate will show as revoked to anyone who checks it. This cannot be
            undone; you can issue a new one by hand later.
          </p>
        )}
      </ConfirmDialog>
      {issuing && <IssueDialog eventId={eventId} onClose={() => setIssuing(false)} />}
      {dialog}
    </div>
  );
}
