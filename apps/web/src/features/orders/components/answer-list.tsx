import { useId, useState } from 'react';
import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { AnswerView } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';

/** Answers to the organiser's questions, a line each: "Dietary needs: Vegetarian". */
function AnswerList({ answers }: { answers: AnswerView[] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
      {answers.map((a) => (
        <div key={a.question_id} className="contents">
          <dt className="text-slate-500">{a.label}</dt>
          <dd className="wrap-anywhere text-ink">{a.text || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * "Answers (n)", which opens the answers to the organiser's questions
 * (docs/product.md#delegates-and-questions) under a booking or an attendee; nothing when none
 * were given.
 */
export function AnswersToggle({ answers, className }: { answers: AnswerView[]; className?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (answers.length === 0) return null;
  return (
    <div className={className}>
      <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <ChevronDown className={clsx('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
        Answers ({answers.length})
      </Button>
      <div id={id} hidden={!open} className="mt-2 rounded-lg bg-surface p-3">
        <AnswerList answers={answers} />
      </div>
    </div>
  );
}
