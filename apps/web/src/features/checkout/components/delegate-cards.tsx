import { useCallback, useState } from 'react';
import { UserPlus, UserRound } from 'lucide-react';
import type { AnswerValue } from '@tikiti/contract';
import { DelegateFields } from '../../../components/delegates/delegate-fields';
import { attendeeQuestionsFor, orderQuestionsOf } from '../../../components/delegates/delegate-values';
import { QuestionField } from '../../../components/delegates/question-field';
import { cardErrorKey, orderErrorKey, toBeNamed, type DelegateErrorKey, type DelegatesDraft } from '../delegates';
import type { DelegateCard } from '../delegate-card';

const smallButton =
  'inline-flex h-9 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2';

/** "until 24 hours before it starts", as the organiser set the lock. */
function lockWords(hours: number) {
  if (hours === 0) return 'until the event starts';
  return `until ${hours} ${hours === 1 ? 'hour' : 'hours'} before it starts`;
}

/** The errors of one card, by the field names its form knows. */
function cardErrors(errors: Record<string, string>, key: string): Record<string, string> {
  const prefix = `${key}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, v]) => [k.slice(prefix.length), v]),
  );
}

/**
 * The delegate card of each ticket picked and the organiser's order questions
 * (docs/product.md#delegates-and-questions): a card asks the delegate's name, email, company, job
 * title and the attendee questions of its ticket type; the first offers "Same as me" (the buyer's
 * name and email), and where the event lets names come later each offers "Name later", which
 * folds it to "To be named". Loaded with the booking panel's first ticket, never with the event's
 * page (docs/decisions/0022-main-thread-on-a-phone.md). Every error shows beside its field.
 */
export default function DelegateCards({
  draft,
  errors,
  buyer,
  changesLockHours,
  onCard,
  onAnswer,
}: {
  draft: DelegatesDraft;
  /** By `{card key}.{field}` and `order.q{id}` (checkout/delegates.ts). */
  errors: Record<string, string>;
  /** What "Same as me" copies; null when there is nothing to copy yet. */
  buyer: { full_name: string; email: string } | null;
  changesLockHours: number;
  /** A card changed; the errors of `changed` (error keys) go. */
  onCard: (key: string, card: DelegateCard, changed: DelegateErrorKey[]) => void;
  onAnswer: (questionId: number, value: AnswerValue | undefined, changed: DelegateErrorKey) => void;
}) {
  const rule = draft.attendee_names;
  const count = draft.cards.length;
  const orderQuestions = orderQuestionsOf(draft.questions);
  // The control to focus after a card folds or opens, so the keyboard stays where the card is.
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const focusRef = useCallback(
    (key: string) => (el: HTMLElement | null) => {
      if (el && focusAfter === key) {
        el.focus();
        setFocusAfter(null);
      }
    },
    [focusAfter],
  );

  return (
    <div className="mt-6 space-y-4">
      <div>
        <h3 className="text-base font-semibold">Who are the tickets for?</h3>
        <p className="mt-1 text-sm text-slate-600">
          {rule === 'at_checkout'
            ? 'The organiser asks for a name on every ticket. A delegate whose email you give gets their own ticket.'
            : `Name each delegate now, or choose “Name later” and name them on your E-tickets page ${lockWords(changesLockHours)}. Until then a ticket carries your name.`}
        </p>
      </div>
      {draft.cards.map((card, i) => {
        const later = toBeNamed(card, rule) && card.later;
        const legend = `Ticket ${i + 1} of ${count} · ${card.ticket_name}`;
        return (
          <fieldset
            key={card.key}
            className="min-w-0 rounded-xl border border-slate-200 bg-surface p-4"
            data-testid={`delegate-card-${i + 1}`}
          >
            <legend className="px-1 text-sm font-semibold text-ink">{legend}</legend>
            {later ? (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="flex items-center gap-2 text-sm text-slate-700">
                  <UserRound className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                  To be named
                </p>
                <button
                  type="button"
                  ref={focusRef(card.key)}
                  className={smallButton}
                  onClick={() => {
                    onCard(card.key, { ...card, later: false }, []);
                    setFocusAfter(card.key);
                  }}
                >
                  <UserPlus className="h-4 w-4" aria-hidden />
                  Name now
                </button>
              </div>
            ) : (
              <>
                <DelegateFields
                  values={card}
                  questions={attendeeQuestionsFor(draft.questions, card.ticket_type_id)}
                  errors={cardErrors(errors, card.key)}
                  nameRef={focusRef(card.key)}
                  onChange={(values, changed) =>
                    onCard(card.key, { ...card, ...values }, [cardErrorKey(card.key, changed)])
                  }
                />
                {((i === 0 && buyer) || rule === 'later') && (
                  <div className="mt-4 flex flex-wrap gap-2">
                    {i === 0 && buyer && (
                      <button
                        type="button"
                        className={smallButton}
                        onClick={() =>
                          onCard(card.key, { ...card, full_name: buyer.full_name, email: buyer.email }, [
                            cardErrorKey(card.key, 'full_name'),
                            cardErrorKey(card.key, 'email'),
                          ])
                        }
                      >
                        Same as me
                      </button>
                    )}
                    {rule === 'later' && (
                      <button
                        type="button"
                        className={smallButton}
                        onClick={() => {
                          // A ticket to be named is asked nothing yet: its errors go.
                          const asked = Object.keys(cardErrors(errors, card.key));
                          onCard(
                            card.key,
                            { ...card, later: true },
                            asked.map((field) => cardErrorKey(card.key, field)),
                          );
                          setFocusAfter(card.key);
                        }}
                      >
                        Name later
                      </button>
                    )}
                  </div>
                )}
              </>
            )}
          </fieldset>
        );
      })}
      {orderQuestions.length > 0 && (
        <fieldset className="min-w-0 space-y-4 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-ink">Questions from the organiser</legend>
          {orderQuestions.map((q) => (
            <QuestionField
              key={q.id}
              question={q}
              value={draft.answers[q.id]}
              error={errors[orderErrorKey(q.id)]}
              onChange={(value) => onAnswer(q.id, value, orderErrorKey(q.id))}
            />
          ))}
        </fieldset>
      )}
    </div>
  );
}
