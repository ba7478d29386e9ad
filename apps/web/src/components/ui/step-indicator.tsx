/** "Step 1 of 2" with a progress bar, for multi-step forms. */
export function StepIndicator({ step, of, label }: { step: number; of: number; label?: string }) {
  return (
    <div className="mb-6">
      <p className="text-sm font-medium text-brand-700">
        Step {step} of {of}
        {label ? ` · ${label}` : ''}
      </p>
      <div className="mt-2 flex gap-1.5" aria-hidden>
        {Array.from({ length: of }, (_, i) => (
          <span key={i} className={`h-1.5 flex-1 rounded-full ${i < step ? 'bg-brand-600' : 'bg-slate-200'}`} />
        ))}
      </div>
    </div>
  );
}
