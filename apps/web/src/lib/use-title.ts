import { useEffect } from 'react';

/** Sets the page title: "<page> · Tikiti". */
export function useTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Tikiti` : 'Tikiti · Online Event Ticketing, Simplified';
  }, [title]);
}
