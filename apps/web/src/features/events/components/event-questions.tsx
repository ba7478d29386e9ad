import type { ReactNode } from 'react';
import type { Question } from '@tikiti/contract';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage, type ApiAnswer } from '../../../lib/api-client';
import { useOwnEvent } from '../api/own-event';
import { useEventQuestions, useSaveQuestions } from '../api/questions';
import { QuestionsEditor } from './questions-editor';

/**
 * The questions of one of the organisation's events, loaded with its ticket types, in the
 * editor; `onSaved` gets the save's answer (its message and the questions as saved).
 */
export function EventQuestions({
  eventId,
  submitLabel,
  onSaved,
  actions,
}: {
  eventId: number;
  submitLabel: string;
  onSaved: (saved: ApiAnswer<Question[]>) => void;
  actions: ReactNode;
}) {
  const event = useOwnEvent(eventId);
  const questions = useEventQuestions(eventId);
  const save = useSaveQuestions();
  if (event.isPending || questions.isPending) return <Loading label="Loading the questions..." />;
  if (event.isError || questions.isError) {
    return (
      <ErrorState
        message={errorMessage(event.error ?? questions.error)}
        onRetry={() => {
          if (event.isError) void event.refetch();
          if (questions.isError) void questions.refetch();
        }}
      />
    );
  }
  return (
    <QuestionsEditor
      tickets={event.data.tickets}
      initial={questions.data}
      submitLabel={submitLabel}
      actions={actions}
      onSave={async (body) => {
        const saved = await save.mutateAsync({ eventId, questions: body });
        onSaved(saved);
        return saved.data;
      }}
    />
  );
}
