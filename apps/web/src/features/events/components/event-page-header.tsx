import type { ReactNode } from 'react';
import { StepIndicator } from '../../../components/ui/step-indicator';

/** Heading of the create and edit pages, with the step the organiser is on. */
export function EventPageHeader({
  title,
  intro,
  step,
}: {
  title: string;
  intro?: ReactNode;
  step?: { n: number; of: number; label: string };
}) {
  return (
    <header className="mb-8">
      {step && <StepIndicator step={step.n} of={step.of} label={step.label} />}
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {intro && <div className="mt-1 text-slate-600">{intro}</div>}
    </header>
  );
}

/** The white panel a create/edit form sits in. */
export function FormPanel({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>;
}
