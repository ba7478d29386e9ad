import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  LIMITS,
  requestCodeBodySchema,
  verifyCodeBodySchema,
  type RequestCodeBody,
  type VerifyCodeBody,
} from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useBodyClass } from '../../../lib/use-body-class';
import { useRequestSignInCode, useVerifySignInCode } from '../api/buyer-sign-in';
import { useReturnAfterSignIn } from '../use-return-after-sign-in';
import { GoogleSignIn } from './google-sign-in';

/** Puts the server's field errors on the form's fields; says whether any landed. */
function showFieldErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, names: Path<T>[]): boolean {
  if (!(err instanceof ApiError)) return false;
  let shown = false;
  for (const fe of err.fieldErrors) {
    const name = names.find((n) => fe.path === n || fe.path.endsWith(`.${n}`));
    if (name) {
      setError(name, { message: fe.message });
      shown = true;
    }
  }
  return shown;
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  // A page that sent the buyer here to prove an email (a hold on it: docs/product.md#guest-checkout) names it.
  const suggested = (useLocation().state as { email?: unknown } | null)?.email;
  const { register, handleSubmit, setError, formState } = useForm<
    z.input<typeof requestCodeBodySchema>,
    unknown,
    RequestCodeBody
  >({
    resolver: zodResolver(requestCodeBodySchema),
    defaultValues: { email: typeof suggested === 'string' ? suggested : '' },
  });
  const send = useRequestSignInCode();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await send.mutateAsync(body);
      onSent(body.email);
    } catch (err) {
      if (!showFieldErrors(err, setError, ['email'])) setFailure(errorMessage(err));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {failure && <Alert type="danger">{failure}</Alert>}
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        placeholder="you@company.co.ke"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" size="lg" className="w-full" busy={send.isPending} busyText="Sending code...">
        Email me a sign-in code
      </Button>
    </form>
  );
}

function CodeStep({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const done = useReturnAfterSignIn();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<
    z.input<typeof verifyCodeBodySchema>,
    unknown,
    VerifyCodeBody
  >({
    resolver: zodResolver(verifyCodeBodySchema),
    defaultValues: { email, code: '' },
  });
  // The email step and its button are gone: focus moves to where the code is typed, not to the page.
  useEffect(() => setFocus('code'), [setFocus]);
  const verify = useVerifySignInCode();
  const resend = useRequestSignInCode();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await verify.mutateAsync(body);
      done();
    } catch (err) {
      if (!showFieldErrors(err, setError, ['code'])) setFailure(errorMessage(err));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <Alert type="success">
        <span className="font-semibold">Check your inbox</span>
        <br />
        We sent a {LIMITS.codeLength}-digit code to <strong>{email}</strong>. It expires in {LIMITS.codeTtlMinutes}{' '}
        minutes.
      </Alert>
      {failure && <Alert type="danger">{failure}</Alert>}
      {resend.isSuccess && !failure && <Alert type="primary">A new code is on its way.</Alert>}
      <TextField
        label="Sign-in code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LIMITS.codeLength}
        placeholder="123456"
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" size="lg" className="w-full" busy={verify.isPending} busyText="Signing In...">
        Sign In
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="font-medium text-brand-700 hover:underline" onClick={onChangeEmail}>
          Use another email
        </button>
        <button
          type="button"
          className="font-medium text-brand-700 hover:underline disabled:opacity-60"
          disabled={resend.isPending}
          onClick={() => {
            setFailure(null);
            resend.mutate({ email }, { onError: (err) => setFailure(errorMessage(err)) });
          }}
        >
          {resend.isPending ? 'Sending...' : 'Send a new code'}
        </button>
      </div>
    </form>
  );
}

/** The sign-in pages' own background, on the whole page while they are shown. */
const PAGE_BACKGROUND = 'bg-gradient-to-b from-brand-50 via-surface to-surface';

/**
 * The buyer's sign-in and sign-up (docs/product.md#buyer-sign-in): Google's button and One Tap
 * when the server offers Google sign-in, and always a one-time code mailed to the email address;
 * the first sign-in creates the account. The page's background changes while it is shown.
 */
export function BuyerSignInCard({
  mode,
  title,
  intro,
  hostLink,
}: {
  mode: 'signin' | 'signup';
  title: string;
  intro: ReactNode;
  hostLink: ReactNode;
}) {
  const [email, setEmail] = useState<string | null>(null);
  useBodyClass(PAGE_BACKGROUND);
  return (
    <div className="px-4 py-12 sm:py-20">
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="mt-2 text-slate-600">{intro}</p>
          <div className="mt-8">
            {email ? (
              <CodeStep key={email} email={email} onChangeEmail={() => setEmail(null)} />
            ) : (
              <>
                <GoogleSignIn mode={mode} />
                <EmailStep onSent={setEmail} />
              </>
            )}
          </div>
          <div className="mt-8 border-t border-slate-200 pt-6 text-center text-sm text-slate-600">{hostLink}</div>
        </div>
        <p className="mt-6 text-center text-sm text-slate-500">
          <Link to={routes.privacy} className="hover:text-brand-700 hover:underline">
            Privacy policy
          </Link>
          {' · '}
          <Link to={routes.talkToUs} className="hover:text-brand-700 hover:underline">
            Talk to us
          </Link>
        </p>
      </div>
    </div>
  );
}
