import { useState, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { putAttendeeBodySchema, type AttendeeDetails, type QuestionRule } from '@tikiti/contract';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useSingleFlight } from '../../lib/single-flight';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { DelegateFields } from './delegate-fields';
import {
  answerProblems,
  delegateBody,
  delegateErrorsOf,
  type DelegateErrors,
  type DelegateValues,
} from './delegate-values';

/**
 * Names or renames a ticket's delegate (docs/product.md#delegates-and-questions), for the buyer's
 * E-tickets page and the organiser's attendees list alike: the delegate's details and the
 * attendee questions of the ticket, checked here as the server checks them (each message beside
 * its field), then `onSave`. The server's field errors land on their fields, its other refusals
 * (changes closed, the ticket re-issued meanwhile) in the form; nothing typed is lost. The dialog
 * closes once saved.
 */
export function DelegateDialog({
  title,
  intro,
  initial,
  questions,
  submitLabel,
  onSave,
  onClose,
}: {
  title: string;
  intro?: ReactNode;
  initial: DelegateValues;
  /** The attendee questions of the ticket's type. */
  questions: readonly QuestionRule[];
  submitLabel: string;
  onSave: (body: AttendeeDetails) => Promise<void>;
  onClose: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<DelegateErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, run] = useSingleFlight();

  const save = () =>
    run(async () => {
      setRefusal(null);
      const body = delegateBody(values, questions);
      const parsed = putAttendeeBodySchema.safeParse(body);
      const found = {
        ...(parsed.success
          ? {}
          : delegateErrorsOf(
              parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
              body,
            )),
        ...answerProblems(values.answers, questions),
      };
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      try {
        await onSave(body);
        onClose();
      } catch (err) {
        const onFields = err instanceof ApiError ? delegateErrorsOf(err.fieldErrors, body) : {};
        setErrors(onFields);
        setRefusal(errorMessage(err));
      }
    });

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                className="-m-1.5 rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-ink"
                aria-label="Close"
                disabled={busy}
              >
                <X className="h-5 w-5" aria-hidden />
              </button>
            </Dialog.Close>
          </div>
          {intro ? (
            <Dialog.Description asChild>
              <div className="mt-1 text-sm leading-6 text-slate-600">{intro}</div>
            </Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">The delegate’s details</Dialog.Description>
          )}
          <form
            className="mt-5 space-y-5"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <DelegateFields
              values={values}
              questions={questions}
              errors={errors}
              onChange={(next, changed) => {
                setValues(next);
                setErrors(({ [changed]: _gone, ...rest }) => rest);
              }}
            />
            {refusal && <Alert type="danger">{refusal}</Alert>}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" busy={busy} busyText="Saving...">
                {submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
