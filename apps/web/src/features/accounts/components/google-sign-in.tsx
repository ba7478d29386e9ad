import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { ErrorCode } from '@tikiti/contract';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { loadScript } from '../../../lib/load-script';
import { useAuthConfig, useGoogleSignIn } from '../api/google-sign-in';
import { useReturnAfterSignIn } from '../use-return-after-sign-in';

/** Google Identity Services, loaded only when the server has a Google client id. */
export const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';

/** The button's sizes and their heights in px: large 40, medium 32, small 20. */
export const GOOGLE_BUTTON_HEIGHTS = { large: 40, medium: 32, small: 20 } as const;
export type GoogleButtonSize = keyof typeof GOOGLE_BUTTON_HEIGHTS;

type Mode = 'signin' | 'signup';

/** The part of Google Identity Services' `google.accounts.id` that the sign-in pages use. */
interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    context?: Mode;
    ux_mode?: 'popup' | 'redirect';
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    itp_support?: boolean;
    use_fedcm_for_prompt?: boolean;
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type: 'standard' | 'icon';
      theme?: 'outline' | 'filled_blue' | 'filled_black';
      size?: GoogleButtonSize;
      text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
      shape?: 'rectangular' | 'pill' | 'circle' | 'square';
      logo_alignment?: 'left' | 'center';
      width?: number;
    },
  ): void;
  prompt(): void;
  cancel(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

/** The refusals that waiting a moment cures (docs/api.md#error-codes). */
const WAITING_HELPS: (ErrorCode | null)[] = ['rate_limited', 'unavailable', 'auth.google_unavailable'];

/** What a refused Google sign-in says: the server's word when waiting helps, else a calm way on. */
function failureMessage(err: unknown): string {
  if (err instanceof ApiError && WAITING_HELPS.includes(err.code)) return err.message;
  return 'Google sign-in did not work this time. Please try again, or use an email code below.';
}

/** Google's library answers every initialised page through one callback; it goes to the button on screen. */
let answerCredential: ((credential: string | undefined) => void) | null = null;
/** Google asks for one initialize per page load; again only for another client id or context. */
const initialised = new WeakMap<GoogleAccountsId, string>();

function GoogleButton({ clientId, mode, size }: { clientId: string; mode: Mode; size: GoogleButtonSize }) {
  const slot = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const [failure, setFailure] = useState<string | null>(null);
  const signIn = useGoogleSignIn();
  const done = useReturnAfterSignIn();

  const onCredential = useEffectEvent((credential: string | undefined) => {
    if (!credential || signIn.isPending) return;
    setFailure(null);
    signIn.mutate(credential, { onSuccess: done, onError: (err) => setFailure(failureMessage(err)) });
  });

  useEffect(() => {
    let gone = false;
    answerCredential = (credential) => onCredential(credential);
    loadScript(GOOGLE_SCRIPT).then(
      () => {
        const id = window.google?.accounts?.id;
        if (gone) return;
        if (!id || !slot.current) {
          setState('unavailable');
          return;
        }
        const key = `${clientId} ${mode}`;
        if (initialised.get(id) !== key) {
          id.initialize({
            client_id: clientId,
            callback: (response) => answerCredential?.(response.credential),
            context: mode,
            ux_mode: 'popup',
            auto_select: false,
            cancel_on_tap_outside: true,
            itp_support: true,
            use_fedcm_for_prompt: true,
          });
          initialised.set(id, key);
        }
        id.renderButton(slot.current, {
          type: 'standard',
          theme: 'outline',
          size,
          text: mode === 'signup' ? 'signup_with' : 'signin_with',
          shape: 'rectangular',
          logo_alignment: 'center',
          // Google draws 200 to 400 px wide; fill the card's width within that.
          width: Math.round(Math.min(400, Math.max(200, slot.current.clientWidth))),
        });
        id.prompt(); // One Tap
        setState('ready');
      },
      () => {
        if (!gone) setState('unavailable');
      },
    );
    return () => {
      gone = true;
      answerCredential = null;
      window.google?.accounts?.id?.cancel();
    };
  }, [clientId, mode, size]);

  // Without Google's library (blocked, offline) the email code is the way in; nothing to apologise for.
  if (state === 'unavailable') return null;
  return (
    <div className="mb-6">
      {failure && (
        <Alert type="danger" className="mb-4">
          {failure}
        </Alert>
      )}
      <div className="relative">
        <div
          ref={slot}
          className="flex w-full justify-center"
          style={{ minHeight: GOOGLE_BUTTON_HEIGHTS[size] }}
          data-testid="google-sign-in"
          data-size={size}
          aria-busy={state === 'loading'}
        />
        {signIn.isPending && (
          <div className="absolute inset-0 flex items-center justify-center gap-2 rounded bg-white/90 text-sm text-slate-600">
            <Spinner className="h-4 w-4" /> <span role="status">Signing In...</span>
          </div>
        )}
      </div>
      <div className="mt-6 flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-slate-400">
        <span className="h-px flex-1 bg-slate-200" aria-hidden />
        or use your email
        <span className="h-px flex-1 bg-slate-200" aria-hidden />
      </div>
    </div>
  );
}

/**
 * Google sign-in for buyers (docs/product.md#buyer-sign-in), when the server has a Google client
 * id: Google's button at the spec's sizes and One Tap. Google's script is loaded only then; a
 * credential signs the buyer in through POST v1/auth/firebase. Without a client id: nothing.
 */
export function GoogleSignIn({ mode, size = 'large' }: { mode: Mode; size?: GoogleButtonSize }) {
  const clientId = useAuthConfig().data?.google_client_id ?? null;
  if (!clientId) return null;
  return <GoogleButton clientId={clientId} mode={mode} size={size} />;
}
