import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ChevronDown, Plus, X } from 'lucide-react';
import {
  CHOICE_KINDS,
  putQuestionsBodySchema,
  QUESTION_KINDS,
  QUESTION_LIMITS,
  TICKET_STATUS,
  type AnswerValue,
  type PutQuestionsBody,
  type Question,
  type QuestionKind,
  type QuestionScope,
  type TicketType,
} from '@tikiti/contract';
import { QuestionField } from '../../../components/delegates/question-field';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { showAlert, showFormAlert } from '../../../lib/alert';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useSingleFlight } from '../../../lib/single-flight';

/** A question as the editor holds it; `key` follows it when it moves, `id` once it is saved. */
interface DraftQuestion {
  key: string;
  id?: number;
  kind: QuestionKind;
  label: string;
  required: boolean;
  scope: QuestionScope;
  options: string[];
  ticket_type_ids: number[];
}

const KIND_LABELS: Record<QuestionKind, string> = {
  text: 'Short text',
  long_text: 'Long text',
  single_choice: 'One of a list',
  multi_choice: 'Several of a list',
  checkbox: 'Tick box (yes or no)',
  email: 'Email address',
  phone: 'Phone number',
  number: 'Number',
  date: 'Date',
};

const SCOPES: { value: QuestionScope; label: string; hint: string }[] = [
  { value: 'attendee', label: 'Each delegate', hint: 'Asked on every ticket’s card.' },
  { value: 'order', label: 'The buyer, once', hint: 'Asked once per booking.' },
];

const isChoice = (kind: QuestionKind) => CHOICE_KINDS.includes(kind);

/** The set as PUT v1/client/event/{id}/questions takes it: options only for choices, ticket types only per delegate. */
const bodyOf = (questions: DraftQuestion[]): PutQuestionsBody =>
  questions.map((q) => ({
    ...(q.id !== undefined ? { id: q.id } : {}),
    kind: q.kind,
    label: q.label,
    required: q.required,
    scope: q.scope,
    options: isChoice(q.kind) ? q.options : [],
    ticket_type_ids: q.scope === 'attendee' ? q.ticket_type_ids : [],
  }));

const iconButton =
  'inline-flex h-9 w-9 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2';

/**
 * The organiser's questions of an event (docs/product.md#delegates-and-questions): add, remove
 * and reorder them (buttons, so the keyboard can), and edit each one's words, kind, whether it is
 * required, whom it is asked of (each delegate or the buyer once), its options and the ticket
 * types it is asked for, with a preview of how the checkout asks it. Checked with the contract's
 * schema before saving; the server's field errors land beside their fields, nothing typed is lost.
 */
export function QuestionsEditor({
  tickets,
  initial,
  submitLabel,
  onSave,
  actions,
}: {
  /** The event's ticket types, for "Asked for". */
  tickets: readonly TicketType[];
  initial: readonly Question[];
  submitLabel: string;
  /** Saves the set; answers the questions as saved. */
  onSave: (questions: PutQuestionsBody) => Promise<Question[]>;
  actions: ReactNode;
}) {
  const next = useRef(0);
  const newKey = () => `q-${++next.current}`;
  const fromSaved = (saved: readonly Question[]): DraftQuestion[] =>
    saved.map((q) => ({ ...q, key: newKey(), options: [...q.options], ticket_type_ids: [...q.ticket_type_ids] }));

  const [questions, setQuestions] = useState<DraftQuestion[]>(() => fromSaved(initial));
  /** Errors by `{question key}.{field}` (`options`, `options.{j}`, `label`, …). */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [previews, setPreviews] = useState<Record<string, AnswerValue | undefined>>({});
  const [busy, run] = useSingleFlight();
  const open = tickets.filter((t) => t.status !== TICKET_STATUS.deleted);

  // The control to focus after a question moves, comes or goes, so the keyboard never loses its place.
  const [focusOn, setFocusOn] = useState<string | null>(null);
  const focusable = useCallback(
    (name: string) => (el: HTMLElement | null) => {
      if (el && focusOn === name && !(el as HTMLButtonElement).disabled) {
        el.focus();
        setFocusOn(null);
      }
    },
    [focusOn],
  );

  const clearErrors = (key: string, field?: string) =>
    setErrors((all) =>
      Object.fromEntries(
        Object.entries(all).filter(
          ([k]) => !(field ? k === `${key}.${field}` || k.startsWith(`${key}.${field}.`) : k.startsWith(`${key}.`)),
        ),
      ),
    );
  const change = (key: string, patch: Partial<DraftQuestion>, field: string) => {
    setQuestions((all) => all.map((q) => (q.key === key ? { ...q, ...patch } : q)));
    clearErrors(key, field);
  };

  const add = () => {
    const key = newKey();
    setQuestions((all) => [
      ...all,
      { key, kind: 'text', label: '', required: false, scope: 'attendee', options: [], ticket_type_ids: [] },
    ]);
    setFocusOn(`${key}.label`);
  };
  const move = (index: number, by: -1 | 1) => {
    const key = questions[index]!.key;
    setQuestions((all) => {
      const moved = [...all];
      const [q] = moved.splice(index, 1);
      moved.splice(index + by, 0, q!);
      return moved;
    });
    // The same button again; at the end of the list, the other way.
    const atEdge = index + by === 0 || index + by === questions.length - 1;
    setFocusOn(`${key}.${atEdge ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down'}`);
  };
  const remove = (index: number) => {
    const key = questions[index]!.key;
    const after = questions[index + 1] ?? questions[index - 1];
    setQuestions((all) => all.filter((q) => q.key !== key));
    clearErrors(key);
    setFocusOn(after ? `${after.key}.label` : 'add');
  };

  const save = () =>
    run(async () => {
      const body = bodyOf(questions);
      const checked = putQuestionsBodySchema.safeParse(body);
      /** Paths `{i}.field` (the contract's and the server's) by question key, for beside the fields. */
      const place = (byPath: Record<string, string>) => {
        const placed: Record<string, string> = {};
        for (const [path, message] of Object.entries(byPath)) {
          const [i, ...field] = path.split('.');
          const q = questions[Number(i)];
          if (q && field.length) placed[`${q.key}.${field.join('.')}`] ??= message;
        }
        return placed;
      };
      if (!checked.success) {
        const byPath: Record<string, string> = {};
        for (const issue of checked.error.issues) byPath[issue.path.join('.')] ??= issue.message;
        setErrors(place(byPath));
        showFormAlert(checked.error.issues.find((i) => i.path.length === 0)?.message ?? 'Check the highlighted fields');
        return;
      }
      setErrors({});
      showAlert('warning', 'Processing...');
      try {
        const saved = await onSave(checked.data);
        setQuestions(fromSaved(saved));
        setPreviews({});
      } catch (err) {
        setErrors(place(serverFieldErrors(err)));
        showAlert('danger', errorMessage(err));
      }
    });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {questions.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-surface px-5 py-10 text-center">
          <p className="font-semibold text-ink">No questions yet</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
            Ask each delegate what you need to know (dietary needs, a workshop, consent to share their details with
            sponsors), or the buyer once (who to invoice).
          </p>
        </div>
      ) : (
        <ol className="space-y-4" aria-label="Questions">
          {questions.map((q, index) => {
            const err = (field: string) => errors[`${q.key}.${field}`];
            const n = index + 1;
            return (
              <li
                key={q.key}
                className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
                aria-label={`Question ${n}`}
              >
                <div className="mb-4 flex items-center justify-between gap-3">
                  <h3 className="min-w-0 truncate text-sm font-semibold text-slate-700">
                    {n}. {q.label.trim() || 'New question'}
                  </h3>
                  <div className="flex shrink-0 gap-1.5">
                    <button
                      type="button"
                      ref={focusable(`${q.key}.up`)}
                      className={iconButton}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={`Move question ${n} up`}
                    >
                      <ChevronDown className="h-4 w-4 rotate-180" aria-hidden />
                    </button>
                    <button
                      type="button"
                      ref={focusable(`${q.key}.down`)}
                      className={iconButton}
                      disabled={index === questions.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={`Move question ${n} down`}
                    >
                      <ChevronDown className="h-4 w-4" aria-hidden />
                    </button>
                    <button
                      type="button"
                      className={`${iconButton} hover:border-red-300 hover:bg-red-50 hover:text-red-700`}
                      onClick={() => remove(index)}
                      aria-label={`Remove question ${n}`}
                    >
                      <X className="h-4 w-4" aria-hidden />
                    </button>
                  </div>
                </div>

                <div className="space-y-4">
                  <TextField
                    ref={focusable(`${q.key}.label`)}
                    label="Question"
                    placeholder="e.g. Dietary needs"
                    maxLength={QUESTION_LIMITS.labelMax}
                    value={q.label}
                    error={err('label')}
                    onChange={(e) => change(q.key, { label: e.target.value }, 'label')}
                  />
                  <div className="grid gap-4 sm:grid-cols-2">
                    <SelectField
                      label="Kind of answer"
                      value={q.kind}
                      error={err('kind')}
                      onChange={(e) => {
                        const kind = e.target.value as QuestionKind;
                        // A choice starts with two empty options to fill in.
                        const options =
                          isChoice(kind) && q.options.length < 2 ? [...q.options, '', ''].slice(0, 2) : q.options;
                        change(q.key, { kind, options }, 'kind');
                        clearErrors(q.key, 'options');
                        setPreviews((p) => ({ ...p, [q.key]: undefined }));
                      }}
                    >
                      {QUESTION_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {KIND_LABELS[k]}
                        </option>
                      ))}
                    </SelectField>
                    <fieldset>
                      <legend className="text-sm font-medium text-slate-700">Asked of</legend>
                      <div className="mt-1.5 space-y-1">
                        {SCOPES.map((s) => (
                          <label key={s.value} className="flex cursor-pointer items-start gap-2.5 text-sm">
                            <input
                              type="radio"
                              name={`${q.key}-scope`}
                              className="mt-0.5 h-4 w-4 accent-brand-700"
                              checked={q.scope === s.value}
                              onChange={() => change(q.key, { scope: s.value }, 'scope')}
                            />
                            <span>
                              <span className="font-medium text-ink">{s.label}</span>
                              <span className="text-slate-500"> · {s.hint}</span>
                            </span>
                          </label>
                        ))}
                      </div>
                      {err('scope') && (
                        <p className="mt-1 text-sm text-red-600" role="alert">
                          {err('scope')}
                        </p>
                      )}
                    </fieldset>
                  </div>
                  <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium text-ink">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-brand-700"
                      checked={q.required}
                      onChange={(e) => change(q.key, { required: e.target.checked }, 'required')}
                    />
                    Required: an answer must be given
                  </label>

                  {isChoice(q.kind) && (
                    <OptionsEditor
                      options={q.options}
                      error={err('options')}
                      optionError={(j) => err(`options.${j}`)}
                      onChange={(options, j) => {
                        change(q.key, { options }, j === undefined ? 'options' : `options.${j}`);
                        clearErrors(q.key, 'options');
                      }}
                    />
                  )}

                  {q.scope === 'attendee' && open.length > 1 && (
                    <fieldset>
                      <legend className="text-sm font-medium text-slate-700">Asked for these tickets</legend>
                      <p className="text-xs text-slate-500">None ticked: every ticket type.</p>
                      <div className="mt-1.5 flex flex-wrap gap-x-5 gap-y-1">
                        {open.map((t) => (
                          <label key={t.id} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm text-ink">
                            <input
                              type="checkbox"
                              className="h-4 w-4 accent-brand-700"
                              checked={q.ticket_type_ids.includes(t.id)}
                              onChange={(e) =>
                                change(
                                  q.key,
                                  {
                                    ticket_type_ids: open
                                      .map((o) => o.id)
                                      .filter((id) =>
                                        id === t.id ? e.target.checked : q.ticket_type_ids.includes(id),
                                      ),
                                  },
                                  'ticket_type_ids',
                                )
                              }
                            />
                            {t.name}
                          </label>
                        ))}
                      </div>
                      {err('ticket_type_ids') && (
                        <p className="mt-1 text-sm text-red-600" role="alert">
                          {err('ticket_type_ids')}
                        </p>
                      )}
                    </fieldset>
                  )}

                  <section
                    className="rounded-xl border border-dashed border-brand-200 bg-brand-50/40 p-4"
                    aria-label={`Preview of question ${n}`}
                  >
                    <p className="mb-3 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-brand-700">
                      Preview · {q.scope === 'attendee' ? 'on each delegate’s card' : 'once, for the booking'}
                    </p>
                    <QuestionField
                      key={q.kind}
                      question={{ ...q, options: q.options.filter((o) => o.trim() !== '') }}
                      value={previews[q.key]}
                      onChange={(value) => setPreviews((p) => ({ ...p, [q.key]: value }))}
                    />
                  </section>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <Button
        ref={focusable('add')}
        variant="ghost"
        className="mt-4"
        onClick={add}
        disabled={questions.length >= QUESTION_LIMITS.perEvent}
      >
        <Plus className="h-4 w-4" aria-hidden />
        Add question
      </Button>
      {questions.length >= QUESTION_LIMITS.perEvent && (
        <p className="mt-1 text-sm text-slate-500">At most {QUESTION_LIMITS.perEvent} questions per event.</p>
      )}

      <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap gap-3">{actions}</div>
        <Button type="submit" size="lg" busy={busy} busyText="Saving...">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** A choice question's options: one field each, remove (not below two), add (up to the limit). */
function OptionsEditor({
  options,
  error,
  optionError,
  onChange,
}: {
  options: string[];
  error?: string;
  optionError: (j: number) => string | undefined;
  /** The options now; `j` when one option's text changed. */
  onChange: (options: string[], j?: number) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Options</legend>
      <ol className="mt-1.5 space-y-2">
        {options.map((o, j) => (
          <li key={j} className="flex items-start gap-2">
            <TextField
              className="min-w-0 flex-1"
              label={<span className="sr-only">Option {j + 1}</span>}
              placeholder={`Option ${j + 1}`}
              maxLength={QUESTION_LIMITS.optionMax}
              value={o}
              error={optionError(j)}
              onChange={(e) =>
                onChange(
                  options.map((x, k) => (k === j ? e.target.value : x)),
                  j,
                )
              }
            />
            <button
              type="button"
              className={`${iconButton} mt-1`}
              disabled={options.length <= QUESTION_LIMITS.optionsMin}
              onClick={() => onChange(options.filter((_, k) => k !== j))}
              aria-label={`Remove option ${j + 1}`}
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          </li>
        ))}
      </ol>
      {error && (
        <p className="mt-1 text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
      <Button
        variant="ghost"
        size="sm"
        className="mt-2"
        disabled={options.length >= QUESTION_LIMITS.optionsMax}
        onClick={() => onChange([...options, ''])}
      >
        <Plus className="h-4 w-4" aria-hidden />
        Add option
      </Button>
    </fieldset>
  );
}
