import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  CURRENCIES,
  NEW_EVENT_CURRENCY,
  type Currency,
  eventStepOneSchema,
  fromNairobiLocal,
  toNairobiLocal,
  type Category,
} from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { showFormAlert, useAlertClearsWhenValid } from '../../../lib/alert';
import { anyBlank } from '../../../lib/form-errors';
import { useCategories } from '../api/list-categories';
import { useNewEventDefaults } from '../api/new-event-defaults';
import type { EventDetails } from '../event-drafts';

type StepOneInput = z.input<typeof eventStepOneSchema>;
type StepOneOutput = z.output<typeof eventStepOneSchema>;
const REQUIRED = ['title', 'category_id', 'currency', 'start_time', 'end_time', 'location'] as const;

/** Native date-time pickers: 5-minute steps, years 1900–2100 (docs/product.md#business-constants-and-limits), Nairobi wall time. */
const dateTimeProps = { type: 'datetime-local', step: 300, min: '1900-01-01T00:00', max: '2100-12-31T23:55' } as const;

/**
 * Create/edit step 1 (docs/product.md#organiser-side): title, category, currency, start and end, location. Times are
 * picked as Nairobi wall time and handed on as instants (ISO strings).
 */
export function EventDetailsForm(props: EventDetailsFormProps) {
  const categories = useCategories();
  const defaults = useNewEventDefaults(props.initial === null);
  if (categories.isPending || (props.initial === null && defaults.isPending))
    return <Loading label="Loading categories..." />;
  if (categories.isError)
    return <ErrorState message={errorMessage(categories.error)} onRetry={() => void categories.refetch()} />;
  // Only a starting value: without the organisation's last choice the form starts in shillings.
  const currency = defaults.data?.currency ?? NEW_EVENT_CURRENCY;
  return <DetailsForm {...props} categories={categories.data} newCurrency={currency} />;
}

interface EventDetailsFormProps {
  initial: EventDetails | null;
  submitLabel: string;
  onSubmit: (details: EventDetails) => void;
  secondary: ReactNode;
}

function DetailsForm({
  initial,
  submitLabel,
  onSubmit,
  secondary,
  categories,
  newCurrency,
}: EventDetailsFormProps & { categories: Category[]; newCurrency: Currency }) {
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<StepOneInput, unknown, StepOneOutput>({
    resolver: zodResolver(eventStepOneSchema),
    defaultValues: initial
      ? {
          ...initial,
          category_id: String(initial.category_id),
          start_time: toNairobiLocal(initial.start_time),
          end_time: toNairobiLocal(initial.end_time),
        }
      : { title: '', category_id: '', currency: newCurrency, start_time: '', end_time: '', location: '' },
  });
  useAlertClearsWhenValid(Object.keys(errors).length === 0);

  const onValid = (v: StepOneOutput) =>
    onSubmit({
      title: v.title,
      category_id: v.category_id,
      currency: v.currency,
      location: v.location,
      start_time: fromNairobiLocal(v.start_time).toISOString(),
      end_time: fromNairobiLocal(v.end_time).toISOString(),
    });
  const onInvalid = () =>
    showFormAlert(anyBlank(getValues(), REQUIRED) ? 'All fields are required' : 'Check the highlighted fields');

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="space-y-5">
      <TextField
        label="Event Title"
        placeholder="Be clear and descriptive"
        maxLength={150}
        error={errors.title?.message}
        {...register('title')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label="Event category" error={errors.category_id?.message} {...register('category_id')}>
          <option value="">Choose a category</option>
          {categories.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Currency"
          error={errors.currency?.message}
          // The select's own starting choice as well as the form's.
          defaultValue={initial?.currency ?? newCurrency}
          {...register('currency')}
        >
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Start Date and Time"
          hint="Nairobi time (EAT)"
          {...dateTimeProps}
          error={errors.start_time?.message}
          {...register('start_time')}
        />
        <TextField
          label="End Date and Time"
          hint="Nairobi time (EAT)"
          {...dateTimeProps}
          error={errors.end_time?.message}
          {...register('end_time')}
        />
      </div>
      <TextField
        label="Location"
        placeholder="Venue, street, town"
        maxLength={200}
        autoComplete="off"
        error={errors.location?.message}
        {...register('location')}
      />
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
        {secondary}
        <Button type="submit" size="lg">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
