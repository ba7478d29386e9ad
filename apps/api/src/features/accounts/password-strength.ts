import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/**
 * zxcvbn's scale runs 0 to 4; 3 means "safely unguessable" against an attacker who holds
 * the hashes and guesses offline. Organisers hold attendees' data and the money of their
 * events, so 3 is the floor (docs/security.md, "Passwords").
 */
export const MIN_PASSWORD_SCORE = 3;

/** Built on first use: the dictionaries (the most common passwords, names, words) take a moment. */
let factory: ZxcvbnFactory | undefined;
const estimator = () =>
  (factory ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }));

/** zxcvbn's warning codes, in our words: why a password is weak. */
const REASONS: Record<string, string> = {
  topTen: 'it is one of the most common passwords',
  topHundred: 'it is one of the most common passwords',
  common: 'it is a very common password',
  similarToCommon: 'it is a common password with small changes',
  wordByItself: 'a single word is easy to guess',
  namesByThemselves: 'a name on its own is easy to guess',
  commonNames: 'common names are easy to guess',
  userInputs: 'it contains your name or email address',
  simpleRepeat: 'it repeats the same characters',
  extendedRepeat: 'it repeats the same pattern',
  sequences: 'it is a simple sequence such as abc or 123',
  keyPattern: 'it is a pattern of keys that sit together',
  straightRow: 'it is a row of keys on the keyboard',
  recentYears: 'recent years are easy to guess',
  dates: 'dates are easy to guess',
  pwned: 'it appeared in a data breach',
};

const ADVICE = 'Use three or four unrelated words, or a longer mix of words, digits and symbols.';

/**
 * Why `password` is too weak to protect an organiser account, or null when it is strong
 * enough. `personal` holds what an attacker would try first: the person's names, email
 * and phone, the organisation's name.
 */
export function passwordWeakness(password: string, personal: string[] = []): string | null {
  if (password.trim().length === 0) return `This password is only spaces. ${ADVICE}`;
  const result: ZxcvbnResult = estimator().check(password.slice(0, 100), personal.filter(Boolean));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const reason = (result.feedback.warning && REASONS[result.feedback.warning]) || 'it would be guessed quickly';
  return `This password is too easy to guess: ${reason}. ${ADVICE}`;
}
