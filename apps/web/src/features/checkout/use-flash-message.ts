import { useCallback, useEffect, useRef, useState } from 'react';
import { DELAYS_MS } from '@tikiti/contract';

export type FlashTone = 'error' | 'info' | 'success';
export interface Flash {
  text: string;
  tone: FlashTone;
}

/**
 * A payment message shown for DELAYS_MS.cardMessage, then hidden (docs/product.md#error-messages:
 * card errors and payment intent messages). A newer message replaces the older one and its timer.
 */
export function useFlashMessage(
  ms: number = DELAYS_MS.cardMessage,
): [Flash | null, (text: string, tone: FlashTone) => void] {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (text: string, tone: FlashTone) => {
      clearTimeout(timer.current);
      setFlash({ text, tone });
      timer.current = setTimeout(() => setFlash(null), ms);
    },
    [ms],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return [flash, show];
}
