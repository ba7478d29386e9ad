import { useParams } from 'react-router';
import clsx from 'clsx';
import { BadgeCheck, Ban, ShieldX } from 'lucide-react';
import type { VerifiedCertificate } from '@tikiti/contract';
import { ErrorState, Skeleton } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { formatDateRange, formatDay } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { useVerifyCertificate } from '../api/verify';

function Verdict({
  tone,
  icon,
  title,
  children,
}: {
  tone: 'valid' | 'revoked' | 'not_valid';
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby="verdict"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-verdict={tone}
    >
      <div
        className={clsx(
          'flex items-center gap-3 px-5 py-4 text-white',
          tone === 'valid' ? 'bg-emerald-700' : tone === 'revoked' ? 'bg-amber-700' : 'bg-red-700',
        )}
      >
        {icon}
        <h1 id="verdict" className="text-xl font-bold leading-tight">
          {title}
        </h1>
      </div>
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="py-2.5 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="font-medium text-ink wrap-anywhere sm:col-span-2">{children}</dd>
    </div>
  );
}

function Valid({ c }: { c: VerifiedCertificate }) {
  return (
    <Verdict tone="valid" icon={<BadgeCheck className="h-8 w-8 shrink-0" aria-hidden />} title="Valid certificate">
      <p className="text-sm text-slate-600">
        Tikiti issued this certificate of attendance from the event&apos;s check-ins, and it has not been revoked.
      </p>
      <dl className="mt-3 divide-y divide-slate-100">
        <Detail label="Name">{c.holder_name}</Detail>
        <Detail label="Event">{c.event_title}</Detail>
        <Detail label="Date">{formatDateRange(c.start_time, c.end_time)}</Detail>
        <Detail label="CPD points">{c.cpd_points}</Detail>
        {c.accrediting_body && <Detail label="Accrediting body">{c.accrediting_body}</Detail>}
        <Detail label="Organiser">{c.organiser}</Detail>
        <Detail label="Certificate">
          <span className="font-mono">{c.number}</span>, issued {formatDay(c.issued_at)}
        </Detail>
      </dl>
    </Verdict>
  );
}

/**
 * /verify/{code} (docs/product.md#certificates-of-attendance): what a certificate's QR code
 * opens, usually in a phone's camera app, with no sign-in. Valid (what it certifies), revoked, or
 * not valid. Small: the page loads on its own and the answer's schema with the answer.
 */
export default function VerifyPage() {
  useTitle('Check a certificate');
  const code = useParams().code ?? '';
  const answer = useVerifyCertificate(code);
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">Certificate check</p>
      {answer.isPending ? (
        <div className="space-y-3" role="status" aria-label="Checking the certificate">
          <Skeleton className="h-16" />
          <Skeleton className="h-48" />
        </div>
      ) : answer.isError ? (
        <ErrorState message={errorMessage(answer.error)} onRetry={() => void answer.refetch()} />
      ) : answer.data.result === 'valid' && answer.data.certificate ? (
        <Valid c={answer.data.certificate} />
      ) : answer.data.result === 'revoked' && answer.data.revoked ? (
        <Verdict tone="revoked" icon={<Ban className="h-8 w-8 shrink-0" aria-hidden />} title="Revoked certificate">
          <p className="text-ink">
            Certificate <span className="font-mono">{answer.data.revoked.number}</span> was revoked on{' '}
            {formatDay(answer.data.revoked.revoked_at)}. It no longer certifies attendance.
          </p>
          <p className="mt-2 text-sm text-slate-600">
            It may have been replaced by a corrected one: ask its holder for the new certificate.
          </p>
        </Verdict>
      ) : (
        <Verdict
          tone="not_valid"
          icon={<ShieldX className="h-8 w-8 shrink-0" aria-hidden />}
          title="Not a valid certificate"
        >
          <p className="text-ink">This code is not a certificate Tikiti issued: it is unknown, altered or forged.</p>
          <p className="mt-2 text-sm text-slate-600">
            Scan the QR code on the certificate again, or type the address exactly as printed.
          </p>
        </Verdict>
      )}
    </div>
  );
}
