import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Question } from '@tikiti/contract';
import { AlertBanner } from '../../../components/layout/alert-banner';
import { useAlert } from '../../../lib/alert';
import { answer, mockFetch, type SeenRequest } from '../../../test-support/fetch';
import { eventFixture, questionFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { useEventDrafts, type DraftEvent } from '../event-drafts';
import CreateStep4Page from './create-step-4-page';
import EditQuestionsPage from './edit-questions-page';

/** The organiser's questions (docs/product.md#delegates-and-questions): the create flow's step 4 and the event's questions page. */
const inFrame = (page: React.ReactElement) => (
  <>
    <AlertBanner />
    {page}
  </>
);

const draft: DraftEvent = {
  id: 55,
  tickets_saved: true,
  title: 'East Africa Fintech Summit',
  category_id: 1,
  currency: 'USD',
  start_time: '2026-03-12T06:00:00.000Z',
  end_time: '2026-03-12T14:00:00.000Z',
  location: 'KICC, Nairobi',
};

/** The fake server: the event (its Delegate and VIP tickets), its questions, and what a PUT answers. */
function server(id: number, questions: Question[], put: (req: SeenRequest) => ReturnType<typeof answer>) {
  return mockFetch((req) => {
    if (req.method === 'PUT' && req.path === `/v1/client/event/${id}/questions`) return put(req);
    if (req.path === `/v1/client/event/${id}/questions`) return answer(200, questions);
    if (req.path === `/v1/client/event/${id}`) return answer(200, eventFixture({ id }));
    return answer(404, null);
  });
}

const question = (n: number) => within(screen.getByRole('listitem', { name: `Question ${n}` }));

describe('create event step 4: the questions', () => {
  const open = () => renderPage(inFrame(<CreateStep4Page />), { path: '/organizer/event/4' });

  it('without an event whose tickets are saved, goes to the dashboard', async () => {
    useEventDrafts.getState().setDraftEvent({ ...draft, tickets_saved: undefined });
    open();
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/dashboard');
  });

  it('may be skipped: the event is done, nothing is sent', async () => {
    useEventDrafts.getState().setDraftEvent(draft);
    const seen = server(55, [], () => answer(500, null));
    const { user } = open();
    expect(await screen.findByText('No questions yet')).toBeTruthy();
    expect(screen.getByText('Step 4 of 4 · Questions')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/dashboard');
    expect(useEventDrafts.getState().draftEvent).toBeNull();
    expect(seen.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('adds, edits, reorders and previews questions, then saves the whole set in order', async () => {
    useEventDrafts.getState().setDraftEvent(draft);
    const seen = server(55, [], (req) =>
      answer(
        200,
        (req.body as Question[]).map((q, i) => ({ ...q, id: 100 + i })),
        { description: 'Questions saved' },
      ),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Add question' }));
    // The new question's words have the focus.
    expect(document.activeElement).toBe(question(1).getByLabelText('Question'));
    await user.type(question(1).getByLabelText('Question'), 'Dietary needs');
    await user.click(question(1).getByLabelText('Required: an answer must be given'));

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.type(question(2).getByLabelText('Question'), 'Workshop');
    await user.selectOptions(question(2).getByLabelText('Kind of answer'), 'One of a list');
    await user.type(question(2).getByLabelText('Option 1'), 'Payments');
    await user.type(question(2).getByLabelText('Option 2'), 'Lending');
    await user.click(question(2).getByRole('button', { name: 'Add option' }));
    await user.type(question(2).getByLabelText('Option 3'), 'Networking');
    await user.click(question(2).getByRole('button', { name: 'Remove option 2' }));
    await user.click(question(2).getByLabelText('VIP'));
    // The preview asks it as the checkout will: a choice between the options.
    const preview = within(screen.getByRole('region', { name: 'Preview of question 2' }));
    expect(preview.getByText(/on each delegate’s card/)).toBeTruthy();
    expect(preview.getByRole('radio', { name: 'Payments' })).toBeTruthy();
    expect(preview.getByRole('radio', { name: 'Networking' })).toBeTruthy();
    expect(preview.queryByRole('radio', { name: 'Lending' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.type(question(3).getByLabelText('Question'), 'Invoice to');
    await user.click(question(3).getByLabelText(/The buyer, once/));
    expect(
      within(screen.getByRole('region', { name: 'Preview of question 3' })).getByText(/once, for the booking/),
    ).toBeTruthy();
    // A question asked of the buyer is not asked per ticket type.
    expect(question(3).queryByLabelText('VIP')).toBeNull();

    // Move "Invoice to" up: the keyboard stays on its button.
    await user.click(question(3).getByRole('button', { name: 'Move question 3 up' }));
    expect(question(2).getByLabelText<HTMLInputElement>('Question').value).toBe('Invoice to');
    expect(document.activeElement).toBe(question(2).getByRole('button', { name: 'Move question 2 up' }));
    expect((question(1).getByRole('button', { name: 'Move question 1 up' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save and finish' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/dashboard');
    const put = seen.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual([
      {
        kind: 'text',
        label: 'Dietary needs',
        required: true,
        scope: 'attendee',
        options: [],
        ticket_type_ids: [],
      },
      { kind: 'text', label: 'Invoice to', required: false, scope: 'order', options: [], ticket_type_ids: [] },
      {
        kind: 'single_choice',
        label: 'Workshop',
        required: false,
        scope: 'attendee',
        options: ['Payments', 'Networking'],
        ticket_type_ids: [12],
      },
    ]);
    expect(useAlert.getState().message).toEqual({ type: 'success', text: 'Questions saved' });
    expect(useEventDrafts.getState().draftEvent).toBeNull();
  });

  it('refuses a question without words or a choice without its options, beside them, and sends nothing', async () => {
    useEventDrafts.getState().setDraftEvent(draft);
    const seen = server(55, [], () => answer(500, null));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Add question' }));
    await user.selectOptions(question(1).getByLabelText('Kind of answer'), 'Several of a list');
    await user.type(question(1).getByLabelText('Option 1'), 'Workshop A');
    await user.click(screen.getByRole('button', { name: 'Save and finish' }));
    expect(await question(1).findByText('Write the question')).toBeTruthy();
    expect(question(1).getByText('An option cannot be empty')).toBeTruthy();
    expect(question(1).getByLabelText('Option 2').getAttribute('aria-invalid')).toBe('true');
    expect(seen.filter((r) => r.method === 'PUT')).toEqual([]);
    // Fixing a field clears its message.
    await user.type(question(1).getByLabelText('Question'), 'Workshops');
    expect(question(1).queryByText('Write the question')).toBeNull();
  });
});

describe('an event’s questions page', () => {
  const saved = [
    questionFixture({ id: 31, label: 'Dietary needs' }),
    questionFixture({ id: 32, kind: 'checkbox', label: 'Share my details with sponsors', required: false }),
  ];
  const open = () =>
    renderPage(inFrame(<EditQuestionsPage />), {
      path: '/organizer/event/:id/questions',
      at: '/organizer/event/7/questions',
    });

  it('starts from the saved questions and sends their ids back, a removed one left out', async () => {
    const seen = server(7, saved, (req) => answer(200, req.body, { description: 'Questions saved' }));
    const { user } = open();
    expect(await screen.findByDisplayValue('Dietary needs')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Questions' })).toBeTruthy();
    await user.click(question(1).getByRole('button', { name: 'Remove question 1' }));
    expect(screen.queryByDisplayValue('Dietary needs')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save questions' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'PUT')).toBe(true));
    expect(seen.find((r) => r.method === 'PUT')!.body).toEqual([
      {
        id: 32,
        kind: 'checkbox',
        label: 'Share my details with sponsors',
        required: false,
        scope: 'attendee',
        options: [],
        ticket_type_ids: [],
      },
    ]);
    expect(await screen.findByText('Questions saved')).toBeTruthy();
  });

  it('puts the server’s refusal beside the question it names and keeps what was typed', async () => {
    server(7, saved, () =>
      answer(
        400,
        { errors: [{ path: '1.label', message: 'That question is asked already' }] },
        {
          description: '1.label: That question is asked already',
        },
      ),
    );
    const { user } = open();
    const label = await screen.findByDisplayValue('Share my details with sponsors');
    await user.clear(label);
    await user.type(label, 'Dietary needs');
    await user.click(screen.getByRole('button', { name: 'Save questions' }));
    expect(await question(2).findByText('That question is asked already')).toBeTruthy();
    expect(question(1).queryByText('That question is asked already')).toBeNull();
    expect(question(2).getByLabelText<HTMLInputElement>('Question').value).toBe('Dietary needs');
  });
});
