import type { Ref } from 'react';
import { QUESTION_LIMITS, type QuestionRule } from '@tikiti/contract';
import { TextField } from '../ui/field';
import { questionKey, type DelegateErrors, type DelegateValues } from './delegate-values';
import { QuestionField } from './question-field';

/**
 * A delegate's details (docs/product.md#delegates-and-questions): full name, email, company, job
 * title and the attendee questions of their ticket, each error beside its field (keys as
 * `DelegateErrors`). `onChange` gets the whole delegate and the key of the field that changed,
 * whose error can then go. The labels name the delegate, not the buyer, whose own "Full name" and
 * "Email" may be on the same page.
 */
export function DelegateFields({
  values,
  onChange,
  errors,
  questions,
  nameRef,
}: {
  values: DelegateValues;
  onChange: (values: DelegateValues, changed: string) => void;
  errors: DelegateErrors;
  /** The attendee questions this delegate is asked. */
  questions: readonly QuestionRule[];
  nameRef?: Ref<HTMLInputElement>;
}) {
  const text = (field: 'full_name' | 'email' | 'company' | 'job_title') => ({
    value: values[field],
    error: errors[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...values, [field]: e.target.value }, field),
  });
  return (
    <div className="space-y-4">
      <TextField ref={nameRef} label="Delegate’s full name" autoComplete="off" maxLength={100} {...text('full_name')} />
      <TextField
        label={
          <>
            Delegate’s email <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        hint="Their own ticket is mailed here."
        type="email"
        autoComplete="off"
        maxLength={254}
        {...text('email')}
      />
      <TextField
        label={
          <>
            Company <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        autoComplete="off"
        maxLength={QUESTION_LIMITS.companyMax}
        {...text('company')}
      />
      <TextField
        label={
          <>
            Job title <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        autoComplete="off"
        maxLength={QUESTION_LIMITS.jobTitleMax}
        {...text('job_title')}
      />
      {questions.map((q) => (
        <QuestionField
          key={q.id}
          question={q}
          value={values.answers[q.id]}
          error={errors[questionKey(q.id)]}
          onChange={(value) => {
            const answers = { ...values.answers };
            if (value === undefined) delete answers[q.id];
            else answers[q.id] = value;
            onChange({ ...values, answers }, questionKey(q.id));
          }}
        />
      ))}
    </div>
  );
}
