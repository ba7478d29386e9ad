import { Award } from 'lucide-react';
import type { ETicketItem } from '@tikiti/contract';

/**
 * A ticket's certificate of attendance once issued (docs/product.md#certificates-of-attendance):
 * its PDF, and the public page that checks it. Nothing while there is none (or it was revoked).
 */
export function CertificateLink({ certificate }: { certificate: ETicketItem['certificate'] }) {
  if (!certificate) return null;
  return (
    <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <a
        href={certificate.pdf_url}
        target="_blank"
        rel="noreferrer"
        className="inline-flex min-h-8 items-center gap-1 font-semibold text-brand-700 hover:underline"
      >
        <Award className="h-4 w-4" aria-hidden />
        Certificate {certificate.number}
      </a>
      <a href={certificate.verify_url} target="_blank" rel="noreferrer" className="text-slate-600 hover:underline">
        Check it<span className="sr-only"> ({certificate.number})</span>
      </a>
    </p>
  );
}
