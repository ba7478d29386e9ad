import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import clsx from 'clsx';

const control =
  'block w-full rounded-lg border bg-white px-3 text-ink placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 disabled:bg-slate-50';
const controlState = (error?: string) => (error ? 'border-red-500' : 'border-slate-300');

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

/** Label, control, hint and error, wired for screen readers. */
function FieldFrame({ id, label, error, hint, className, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={clsx('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600 wrap-anywhere" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(
  function TextField({ label, error, hint, className, id, ...rest }, ref) {
    const auto = useId();
    const fid = id ?? auto;
    return (
      <FieldFrame id={fid} label={label} error={error} hint={hint} className={className}>
        <input
          ref={ref}
          id={fid}
          className={clsx(control, controlState(error), 'h-11')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fid, error, hint)}
          {...rest}
        />
      </FieldFrame>
    );
  },
);

export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextAreaField({ label, error, hint, className, id, ...rest }, ref) {
    const auto = useId();
    const fid = id ?? auto;
    return (
      <FieldFrame id={fid} label={label} error={error} hint={hint} className={className}>
        <textarea
          ref={ref}
          id={fid}
          className={clsx(control, controlState(error), 'py-2')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fid, error, hint)}
          {...rest}
        />
      </FieldFrame>
    );
  },
);

export const SelectField = forwardRef<HTMLSelectElement, FieldProps & SelectHTMLAttributes<HTMLSelectElement>>(
  function SelectField({ label, error, hint, className, id, children, ...rest }, ref) {
    const auto = useId();
    const fid = id ?? auto;
    return (
      <FieldFrame id={fid} label={label} error={error} hint={hint} className={className}>
        <select
          ref={ref}
          id={fid}
          className={clsx(control, controlState(error), 'h-11 pr-8')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fid, error, hint)}
          {...rest}
        >
          {children}
        </select>
      </FieldFrame>
    );
  },
);
