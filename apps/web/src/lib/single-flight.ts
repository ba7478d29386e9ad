import { useCallback, useRef, useState } from 'react';

/**
 * Runs one async action at a time: calls made while one runs are ignored (docs/product.md#organiser-flows
 * ignored while a save is in progress"), even two clicks in the same tick.
 */
export function useSingleFlight(): [busy: boolean, run: (action: () => Promise<void>) => Promise<void>] {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
