import type { DelegateValues } from '../../components/delegates/delegate-values';

/**
 * One ticket's delegate card at checkout (docs/product.md#delegates-and-questions): who it is
 * for, or "Name later" (the event allowing it). Apart from `delegates.ts`, whose checks load
 * with the checkout's actions: the booking panel needs only this, with the event's page.
 */
export interface DelegateCard extends DelegateValues {
  later: boolean;
}

export const NO_CARD: DelegateCard = {
  full_name: '',
  email: '',
  company: '',
  job_title: '',
  answers: {},
  later: false,
};
