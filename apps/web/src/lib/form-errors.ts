import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field errors on the form fields they name (CONTRIBUTING.md#server-errors-land-on-form-fields). `prefix`
 * maps a body path to a form path (an array body `2.max_tickets` → `tickets.2.max_tickets`);
 * `known` says which paths exist on this form. Returns how many fields got an error.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  known: (path: string) => boolean,
  prefix = '',
): number {
  if (!(err instanceof ApiError)) return 0;
  let applied = 0;
  for (const { path, message } of err.fieldErrors) {
    const name = `${prefix}${path}`;
    if (!known(name)) continue;
    setError(name as Path<T>, { type: 'server', message });
    applied++;
  }
  return applied;
}

/**
 * The server's field errors by path, for a form that keeps its own state rather than
 * react-hook-form's (the event's questions): the first message of each path. Empty for any other
 * failure, whose message the caller shows.
 */
export function serverFieldErrors(err: unknown): Record<string, string> {
  const byPath: Record<string, string> = {};
  if (err instanceof ApiError) for (const { path, message } of err.fieldErrors) byPath[path] ??= message;
  return byPath;
}

/** True when any of the named values is blank: docs/product.md#validation-rules answers 'All fields are required'. */
export function anyBlank(values: Record<string, unknown>, names: readonly string[]): boolean {
  return names.some((n) => {
    const v = values[n];
    return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  });
}
