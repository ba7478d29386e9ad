/**
 * Tikiti's embeddable widget (docs/api.md#widget): an organiser's own site adds
 *
 *   <script src="https://tikiti.example/widget.js" data-event="12"></script>
 *
 * and gets a "Get tickets" button that opens Tikiti's checkout (`/embed/events/12`) in an overlay,
 * or with `data-inline` the event's tickets and checkout in the page itself. The checkout runs in
 * Tikiti's own frame, so card and M-Pesa details never touch the host page. Everything the widget
 * draws lives in a shadow root: no style goes in or out of the host page.
 *
 * When a booking is made, the frame posts `{ type: 'tikiti:booking', reference }` to the host
 * page (to the host's origin only), and the widget dispatches a `tikiti:booking` DOM event with
 * `detail.reference` from its element. The build copies this file as it is, stripped of its
 * types (apps/web/vite.config.ts): no imports, nothing outside this function.
 */
(() => {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement)) return;
  const eventId = script.dataset.event ?? '';
  if (!/^\d{1,10}$/.test(eventId)) {
    console.warn('Tikiti widget: data-event must be the event’s number, e.g. data-event="12"');
    return;
  }
  const tikiti = new URL(script.src).origin;
  const inline = script.hasAttribute('data-inline');
  const label = script.dataset.label?.trim() || 'Get tickets';
  const frameUrl = () => {
    const url = new URL(`/embed/events/${eventId}`, tikiti);
    // Where the frame may post the booking reference: this page's origin, and no other.
    if (window.location.origin !== 'null') url.searchParams.set('origin', window.location.origin);
    if (inline) url.searchParams.set('inline', '1');
    return url.href;
  };

  const host = document.createElement('div');
  host.className = 'tikiti-widget';
  host.dataset.event = eventId;
  script.after(host);
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = `
:host { all: initial; display: ${inline ? 'block' : 'inline-block'}; }
* { box-sizing: border-box; }
.open { font: 600 16px/1.2 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #fff;
  background: #0f766e; border: 0; border-radius: 8px; padding: 12px 20px; min-height: 44px; cursor: pointer; }
.open:hover { background: #115e59; }
.open:focus-visible, .close:focus-visible { outline: 3px solid #14b8a6; outline-offset: 2px; }
dialog { padding: 0; border: 0; margin: auto; width: min(520px, 100vw); height: min(860px, 100dvh);
  max-width: 100vw; max-height: 100dvh; border-radius: 16px; overflow: hidden; background: #fff;
  box-shadow: 0 24px 64px rgb(15 23 42 / 0.35); }
dialog::backdrop { background: rgb(15 23 42 / 0.6); }
@media (max-width: 560px) { dialog { width: 100vw; height: 100dvh; border-radius: 0; } }
.bar { display: flex; align-items: center; justify-content: space-between; gap: 12px; height: 52px;
  padding: 0 8px 0 16px; border-bottom: 1px solid #e2e8f0;
  font: 600 15px/1.2 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #0f172a; }
.bar span { display: flex; align-items: center; gap: 8px; }
.bar small { font-weight: 400; color: #475569; }
.close { display: grid; place-items: center; width: 44px; height: 44px; border: 0; border-radius: 8px;
  background: transparent; color: #334155; cursor: pointer; }
.close:hover { background: #f1f5f9; }
.body { position: relative; height: calc(100% - 52px); }
.loading { position: absolute; inset: 0; display: grid; place-items: center;
  font: 400 15px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #475569; }
iframe { position: relative; display: block; width: 100%; height: 100%; border: 0; background: transparent; }
.inline { display: block; width: 100%; min-height: 320px; border: 0; }
`;
  root.append(style);

  let frame: HTMLIFrameElement | null = null;
  const newFrame = (title: string) => {
    const f = document.createElement('iframe');
    f.title = title;
    f.src = frameUrl();
    f.allow = 'payment';
    return f;
  };

  // Messages from Tikiti's frame, and from nothing else: the right origin and the widget's own frame.
  window.addEventListener('message', (e: MessageEvent) => {
    if (e.origin !== tikiti || !frame || e.source !== frame.contentWindow) return;
    const data: unknown = e.data;
    if (typeof data !== 'object' || data === null || !('type' in data)) return;
    if (data.type === 'tikiti:booking' && 'reference' in data && typeof data.reference === 'string') {
      host.dispatchEvent(
        new CustomEvent('tikiti:booking', { bubbles: true, composed: true, detail: { reference: data.reference } }),
      );
    } else if (data.type === 'tikiti:height' && inline && 'height' in data && typeof data.height === 'number') {
      frame.style.height = `${Math.max(320, Math.min(Math.ceil(data.height), 5000))}px`;
    } else if (data.type === 'tikiti:close' && !inline) {
      dialog?.close();
    }
  });

  if (inline) {
    frame = newFrame('Tickets on Tikiti');
    frame.className = 'inline';
    frame.loading = 'lazy';
    root.append(frame);
    return;
  }

  const open = document.createElement('button');
  open.type = 'button';
  open.className = 'open';
  open.textContent = label;
  open.setAttribute('aria-haspopup', 'dialog');

  const dialog = document.createElement('dialog');
  dialog.setAttribute('aria-label', 'Tickets on Tikiti');
  const bar = document.createElement('div');
  bar.className = 'bar';
  const heading = document.createElement('span');
  heading.innerHTML = 'Tikiti <small>Secure checkout</small>';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'close';
  close.setAttribute('aria-label', 'Close');
  close.innerHTML =
    '<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';
  bar.append(heading, close);
  const body = document.createElement('div');
  body.className = 'body';
  const loading = document.createElement('p');
  loading.className = 'loading';
  loading.setAttribute('role', 'status');
  loading.textContent = 'Loading the checkout…';
  body.append(loading);
  dialog.append(bar, body);
  root.append(open, dialog);

  open.addEventListener('click', () => {
    // A fresh checkout each time the overlay opens; the frame loads behind the loading line.
    frame?.remove();
    frame = newFrame('Checkout on Tikiti');
    body.append(frame);
    dialog.showModal();
    // The frame takes the focus once it has loaded, so the keyboard starts in the checkout.
    frame.addEventListener('load', () => frame?.focus(), { once: true });
  });
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => {
    frame?.remove();
    frame = null;
    open.focus();
  });
})();
