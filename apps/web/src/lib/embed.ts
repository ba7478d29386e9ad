import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { routes } from './routes';

/**
 * The pages of the embeddable widget live under /embed (docs/api.md#widget): the only pages another
 * site may frame (the server's headers: docs/security.md#framing). A checkout that starts in the
 * widget's frame must stay there, so its next pages are the /embed copies of the site's own.
 */
export const EMBED_PREFIX = '/embed';

export const isEmbedPath = (pathname: string) => pathname === EMBED_PREFIX || pathname.startsWith(`${EMBED_PREFIX}/`);

/** A site path as the widget's frame opens it: /payment/method becomes /embed/payment/method there. */
export const framedPath = (embedded: boolean, path: string) => (embedded ? `${EMBED_PREFIX}${path}` : path);

/**
 * Whether this page is in the widget's frame; `to(path)`, a path as this page should link to it;
 * `event(id, slug)`, the event's page: the site's, or the frame's checkout of it.
 */
export function useFramedPath() {
  const embedded = isEmbedPath(useLocation().pathname);
  const to = useCallback((path: string) => framedPath(embedded, path), [embedded]);
  const event = useCallback(
    (id: number, slug?: string) => (embedded ? routes.embedEvent(id) : routes.details(id, slug)),
    [embedded],
  );
  return { embedded, to, event };
}

const PARENT_ORIGIN_KEY = 'tikiti.embed-parent';
/** The `origin` the frame's first address named: the checkout's next pages have other addresses. */
let toldOrigin: string | null = null;

/** An http(s) origin exactly as `location.origin` writes it, or null. */
function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/**
 * The origin of the page that framed the widget, the only one its messages go to. The browser's
 * own word (`location.ancestorOrigins`, Chromium and Safari) when it has one; else the `origin`
 * the widget's script put in the frame's address, kept for the checkout's next pages. A wrong
 * `origin` only loses the messages: the browser delivers a message to the parent only when the
 * parent's origin is the one named (docs/api.md#widget).
 */
export function parentOrigin(): string | null {
  if (window.parent === window) return null;
  const inAddress = originOf(new URLSearchParams(window.location.search).get('origin'));
  if (inAddress) {
    toldOrigin = inAddress;
    try {
      sessionStorage.setItem(PARENT_ORIGIN_KEY, inAddress);
    } catch {
      // Storage denied (a third-party frame): this page's life is enough, bar a redirect from 3-D Secure.
    }
  }
  const ancestor = originOf(window.location.ancestorOrigins?.[0]);
  if (ancestor) return ancestor;
  if (toldOrigin) return toldOrigin;
  try {
    return originOf(sessionStorage.getItem(PARENT_ORIGIN_KEY));
  } catch {
    return null;
  }
}

/** The widget's messages (docs/api.md#widget): a booking's reference and nothing else about it; the frame's height; close. */
export type WidgetMessage =
  { type: 'tikiti:booking'; reference: string } | { type: 'tikiti:height'; height: number } | { type: 'tikiti:close' };

/** Posts a message to the page that framed the widget, at its origin only; nothing when there is none. */
export function tellParent(message: WidgetMessage) {
  const origin = parentOrigin();
  if (origin) window.parent.postMessage(message, origin);
}
