import { useEffect } from 'react';
import { tellParent } from '../../lib/embed';
import { PageOutlet } from '../page-outlet';

/**
 * The frame of the widget's pages (docs/api.md#widget): no site header or footer, only the page
 * and a line saying who sells the tickets. It tells the host page its height (for the inline
 * widget) and that Escape was pressed (the overlay closes: key presses inside a frame never
 * reach the page around it).
 */
export function EmbedLayout() {
  useEffect(() => {
    const observer = new ResizeObserver(() =>
      tellParent({ type: 'tikiti:height', height: document.documentElement.scrollHeight }),
    );
    observer.observe(document.body);
    // A dialog of the checkout (its error message) takes its own Escape first.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && !document.querySelector('[role="dialog"],[role="alertdialog"]'))
        tellParent({ type: 'tikiti:close' });
    };
    window.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', onKey);
    };
  }, []);
  return (
    <div className="flex min-h-full flex-col bg-white">
      <main id="main" className="flex-1">
        <PageOutlet />
      </main>
      <footer className="border-t border-slate-200 px-4 py-3 text-center text-xs text-slate-500">
        Tickets sold by{' '}
        <a href="/" target="_blank" rel="noopener" className="font-semibold text-brand-700 hover:underline">
          Tikiti
          <span className="sr-only"> (opens in a new tab)</span>
        </a>{' '}
        · card and M-Pesa payments stay with Tikiti
      </footer>
    </div>
  );
}
