import { useEffect } from 'react';
import { create } from 'zustand';
import type { AlertType } from '../components/ui/alert';

export interface AlertMessage {
  type: AlertType;
  text: string;
  /** A form's own complaint ("All fields are required"): it goes once the form is put right. */
  fixable?: boolean;
}

/**
 * The organiser alert banner (docs/product.md#error-messages): one message at a time, in memory only (a reload
 * starts without one). A message set just before a navigation (a success that moves on, the
 * 2.5 s redirect after a 409) must survive that navigation; older messages are dropped when
 * the visitor moves on.
 */
export const useAlert = create<{ message: AlertMessage | null }>()(() => ({ message: null }));

const CARRY_OVER_MS = 3000;
let lastShownAt = 0;

export function showAlert(type: AlertType, text: string) {
  lastShownAt = Date.now();
  useAlert.setState({ message: { type, text } });
}

/** Reports what is wrong with a form; the banner clears itself once the form is valid (useAlertClearsWhenValid). */
export function showFormAlert(text: string) {
  lastShownAt = Date.now();
  useAlert.setState({ message: { type: 'danger', text, fixable: true } });
}

/**
 * Clears a form's complaint as soon as `valid` turns true: the organiser fixed the fields, so a
 * banner still saying "Check the highlighted fields" would be wrong. Other messages stay.
 */
export function useAlertClearsWhenValid(valid: boolean) {
  useEffect(() => {
    if (valid && useAlert.getState().message?.fixable) clearAlert();
  }, [valid]);
}

export function clearAlert() {
  useAlert.setState({ message: null });
}

/** True when the current message was set recently enough to carry over to the next page. */
export function alertIsFresh(): boolean {
  return Date.now() - lastShownAt < CARRY_OVER_MS;
}
