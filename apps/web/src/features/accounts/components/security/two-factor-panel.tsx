import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Copy, Download, ShieldCheck } from 'lucide-react';
import { disableTotpBodySchema, totpCodeSchema, type TotpSetup } from '@tikiti/contract';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/field';
import { Panel } from '../../../../components/ui/panel';
import { Loading } from '../../../../components/ui/spinner';
import { ErrorState } from '../../../../components/ui/states';
import { errorMessage } from '../../../../lib/api-client';
import { showAlert } from '../../../../lib/alert';
import { applyServerFieldErrors } from '../../../../lib/form-errors';
import { formatDay } from '../../../../lib/format';
import { useDisableTotp, useEnableTotp, useSetupTotp } from '../../api/account-security';
import { useTotpStatus } from '../../api/totp-status';

type StaffSide = 'organiser' | 'operator';

/** The setup key as people type it into an app: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

const enableSchema = z.object({ code: totpCodeSchema });

/** Scan the QR code (or type the key), then prove it with the first code. */
function SetupStep({
  side,
  setup,
  onCancel,
  onEnabled,
}: {
  side: StaffSide;
  setup: TotpSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const enable = useEnableTotp(side);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ code: string }>({ resolver: zodResolver(enableSchema), defaultValues: { code: '' } });
  const onValid = async ({ code }: { code: string }) => {
    try {
      onEnabled((await enable.mutateAsync(code)).recovery_codes);
    } catch (err) {
      if (!applyServerFieldErrors(err, setError, (n) => n === 'code')) showAlert('danger', errorMessage(err));
    }
  };
  return (
    <div className="mt-5 grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
      <div className="flex flex-col items-center gap-2">
        <img
          src={setup.qr_data_url}
          alt="QR code to scan with your authenticator app"
          width={200}
          height={200}
          className="rounded-lg border border-slate-200"
        />
      </div>
      <div className="min-w-0 space-y-4">
        <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>
            Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) and scan the QR code.
          </li>
          <li>
            Cannot scan it? Type this setup key instead:{' '}
            <code
              aria-label="Setup key"
              data-secret={setup.secret}
              className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-ink"
            >
              {grouped(setup.secret)}
            </code>
          </li>
          <li>Enter the 6-digit code the app shows for Tikiti.</li>
        </ol>
        <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-4">
          <TextField
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.code?.message}
            {...register('code')}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" busy={enable.isPending} busyText="Turning on...">
              Turn on two-factor sign-in
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** The recovery codes, shown once: copy them, download them, then say they are kept. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Tikiti recovery codes (each works once):\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showAlert('success', 'Recovery codes copied');
    } catch {
      showAlert('danger', 'Your browser did not let us copy: download them or write them down');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'tikiti-recovery-codes.txt';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="mt-5 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:p-5">
      <h3 className="font-semibold text-amber-900">Save your recovery codes now</h3>
      <p className="mt-1 text-sm text-amber-900">
        If you lose your phone, each of these codes signs you in once instead of the app&apos;s code. We show them only
        this once.
      </p>
      <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((c) => (
          <li key={c} className="rounded bg-white px-2 py-1.5 text-center text-ink">
            {c}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden />
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download className="h-4 w-4" aria-hidden />
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

type DisableForm = z.infer<typeof disableTotpBodySchema>;

/** Turning it off: the password and a code (or a recovery code). */
function DisableForm({ side, onCancel }: { side: StaffSide; onCancel: () => void }) {
  const disable = useDisableTotp(side);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DisableForm>({ resolver: zodResolver(disableTotpBodySchema), defaultValues: { password: '', code: '' } });
  const onValid = async (body: DisableForm) => {
    try {
      showAlert('success', await disable.mutateAsync(body));
      onCancel();
    } catch (err) {
      if (!applyServerFieldErrors(err, setError, (n) => n === 'code' || n === 'password'))
        showAlert('danger', errorMessage(err));
    }
  };
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="mt-5 grid gap-4 sm:grid-cols-2">
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Code from the app, or a recovery code"
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...register('code')}
      />
      <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row">
        <Button variant="secondary" onClick={onCancel}>
          Keep it on
        </Button>
        <Button type="submit" variant="danger" busy={disable.isPending} busyText="Turning off...">
          Turn off two-factor sign-in
        </Button>
      </div>
    </form>
  );
}

/**
 * Settings, Security: two-factor sign-in (docs/product.md#account-security); also the operator's
 * setup at /operator/security (`side` 'operator'), where `onSaved` leads on once the recovery
 * codes are kept (docs/product.md#the-operator).
 */
export function TwoFactorPanel({ side = 'organiser', onSaved }: { side?: StaffSide; onSaved?: () => void } = {}) {
  const status = useTotpStatus(side);
  const setupCall = useSetupTotp(side);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);

  const start = async () => {
    try {
      setSetup(await setupCall.mutateAsync());
    } catch (err) {
      showAlert('danger', errorMessage(err));
    }
  };

  let body;
  if (codes)
    body = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          onSaved?.();
        }}
      />
    );
  else if (status.isPending) body = <Loading />;
  else if (status.isError)
    body = <ErrorState message={errorMessage(status.error)} onRetry={() => void status.refetch()} />;
  else if (status.data.enabled) {
    body = (
      <>
        <p className="mt-4 flex items-start gap-2 text-sm text-emerald-800">
          <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            On since {status.data.enabled_at ? formatDay(status.data.enabled_at) : 'today'}. Sign-in asks for the code
            your app shows. {status.data.recovery_codes_left} of 10 recovery codes left.
          </span>
        </p>
        {turningOff ? (
          <DisableForm side={side} onCancel={() => setTurningOff(false)} />
        ) : (
          <Button variant="secondary" className="mt-4" onClick={() => setTurningOff(true)}>
            Turn off two-factor sign-in
          </Button>
        )}
      </>
    );
  } else if (setup) {
    body = (
      <SetupStep
        side={side}
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(recovery) => {
          setSetup(null);
          setCodes(recovery);
          showAlert('success', 'Two-factor sign-in is on');
        }}
      />
    );
  } else {
    body = (
      <>
        <p className="mt-4 text-sm text-slate-700">
          Off. With it on, signing in needs your password and a code from an app on your phone, so a stolen password
          alone does not open your account.{' '}
          {side === 'operator'
            ? 'The operator console opens only with it.'
            : 'Owners need it before they can be paid out.'}
        </p>
        <Button className="mt-4" onClick={() => void start()} busy={setupCall.isPending} busyText="Preparing...">
          Set up two-factor sign-in
        </Button>
      </>
    );
  }
  return (
    <Panel title="Two-factor sign-in" intro="A code from an authenticator app after your password.">
      {body}
    </Panel>
  );
}
