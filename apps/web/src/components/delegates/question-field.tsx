import { useId, useState, type ReactNode } from 'react';
import { QUESTION_LIMITS, type AnswerValue, type QuestionRule } from '@tikiti/contract';
import { SelectField, TextAreaField, TextField } from '../ui/field';

/** More options than this read better as a list to pick from than as a column of buttons. */
const RADIOS_MAX = 6;

type Asked = Pick<QuestionRule, 'kind' | 'label' | 'required' | 'options'>;

/** A question's label: its words, and "(optional)" when an answer may be left out. */
function QuestionLabel({ question }: { question: Asked }) {
  return (
    <>
      {question.label || 'Untitled question'}
      {!question.required && <span className="font-normal text-slate-500"> (optional)</span>}
    </>
  );
}

/** Options as radio buttons or tick boxes, under the question as the group's legend, the error below. */
function ChoiceGroup({
  question,
  error,
  disabled,
  children,
}: {
  question: Asked;
  error?: string;
  disabled?: boolean;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className="space-y-1.5"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className="text-sm font-medium text-slate-700">
        <QuestionLabel question={question} />
      </legend>
      <div className="space-y-1">{children(id)}</div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600 wrap-anywhere" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const choiceClass = 'flex min-h-10 cursor-pointer items-start gap-2.5 rounded-lg py-1.5 text-sm text-ink';
const boxClass = 'mt-0.5 h-4 w-4 shrink-0 accent-brand-700';

/** A number as typed: kept as text while it is being written ("1."), handed on as a number. */
function NumberAnswer({
  question,
  value,
  onChange,
  error,
  disabled,
}: {
  question: Asked;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [typed, setTyped] = useState(typeof value === 'number' ? String(value) : '');
  return (
    <TextField
      label={<QuestionLabel question={question} />}
      type="text"
      inputMode="decimal"
      value={typed}
      error={error}
      disabled={disabled}
      onChange={(e) => {
        setTyped(e.target.value);
        const text = e.target.value.trim();
        onChange(text === '' ? undefined : Number(text));
      }}
    />
  );
}

/**
 * One organiser's question as the checkout asks it (docs/product.md#delegates-and-questions):
 * the input its kind calls for, its error beside it. The events feature's preview shows the same.
 */
export function QuestionField({
  question,
  value,
  onChange,
  error,
  disabled,
}: {
  question: Asked;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  error?: string;
  disabled?: boolean;
}) {
  const label = <QuestionLabel question={question} />;
  const text = typeof value === 'string' ? value : '';
  const common = { error, disabled };
  switch (question.kind) {
    case 'text':
      return (
        <TextField
          label={label}
          value={text}
          maxLength={QUESTION_LIMITS.textMax}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        />
      );
    case 'long_text':
      return (
        <TextAreaField
          label={label}
          rows={3}
          value={text}
          maxLength={QUESTION_LIMITS.longTextMax}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        />
      );
    case 'email':
      return (
        <TextField
          label={label}
          type="email"
          autoComplete="off"
          value={text}
          maxLength={254}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        />
      );
    case 'phone':
      return (
        <TextField
          label={label}
          type="tel"
          autoComplete="off"
          value={text}
          maxLength={20}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        />
      );
    case 'date':
      return (
        <TextField label={label} type="date" value={text} onChange={(e) => onChange(e.target.value)} {...common} />
      );
    case 'number':
      return <NumberAnswer question={question} value={value} onChange={onChange} {...common} />;
    case 'checkbox':
      return (
        <ChoiceGroup question={question} {...common}>
          {() => (
            <label className={choiceClass}>
              <input
                type="checkbox"
                className={boxClass}
                checked={value === true}
                onChange={(e) => onChange(e.target.checked)}
              />
              <span>Yes</span>
            </label>
          )}
        </ChoiceGroup>
      );
    case 'single_choice':
      if (question.options.length > RADIOS_MAX) {
        return (
          <SelectField label={label} value={text} onChange={(e) => onChange(e.target.value)} {...common}>
            <option value="">Choose one</option>
            {question.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </SelectField>
        );
      }
      return (
        <ChoiceGroup question={question} {...common}>
          {(id) =>
            question.options.map((o) => (
              <label key={o} className={choiceClass}>
                <input type="radio" name={id} className={boxClass} checked={text === o} onChange={() => onChange(o)} />
                <span className="wrap-anywhere">{o}</span>
              </label>
            ))
          }
        </ChoiceGroup>
      );
    case 'multi_choice': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <ChoiceGroup question={question} {...common}>
          {() =>
            question.options.map((o) => (
              <label key={o} className={choiceClass}>
                <input
                  type="checkbox"
                  className={boxClass}
                  checked={chosen.includes(o)}
                  onChange={(e) =>
                    // Kept in the question's order, as the answer is stored.
                    onChange(question.options.filter((x) => (x === o ? e.target.checked : chosen.includes(x))))
                  }
                />
                <span className="wrap-anywhere">{o}</span>
              </label>
            ))
          }
        </ChoiceGroup>
      );
    }
    default:
      return null;
  }
}
