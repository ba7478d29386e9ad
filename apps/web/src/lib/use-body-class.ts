import { useEffect } from 'react';

/**
 * Puts classes on `<body>` while the calling page is shown, and takes them off when it goes:
 * a page whose background differs from the rest of the app (the buyer sign-in pages).
 */
export function useBodyClass(className: string) {
  useEffect(() => {
    const names = className.split(/\s+/).filter(Boolean);
    document.body.classList.add(...names);
    return () => document.body.classList.remove(...names);
  }, [className]);
}
