import { useState } from 'react';

/**
 * The value, or the last non-null value it had. A page guarded by client state (a draft, a
 * username) clears that state as it moves on; the router commits the next page in a
 * transition, so without this the page would re-render first and redirect elsewhere.
 */
export function useSticky<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
