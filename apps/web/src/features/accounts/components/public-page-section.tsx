import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ExternalLink, ImagePlus, Trash2 } from 'lucide-react';
import { LIMITS, ORGANISER_DESCRIPTION_MAX, type OrganiserPageSettings } from '@tikiti/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useOrganiserPageSettings, useSaveOrganiserPage } from '../api/organiser-page';

const MAX_MB = LIMITS.imageMaxBytes / (1024 * 1024);

/** Why a picked file cannot be the logo, or null when it can (the server checks again). */
function logoProblem(file: File): string | null {
  if (!(LIMITS.imageTypes as readonly string[]).includes(file.type)) return 'Choose a JPEG or PNG image';
  if (file.size > LIMITS.imageMaxBytes) return `The logo is larger than ${MAX_MB}MB`;
  if (file.size === 0) return 'The file is empty';
  return null;
}

/**
 * Settings, "Your public page" (docs/product.md#organiser-page): the description and logo that
 * /o/{slug} shows. Input stays as typed when saving fails; errors show beside their field.
 */
export function PublicPageSection() {
  const settings = useOrganiserPageSettings();
  return (
    <section
      aria-labelledby="public-page-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="public-page-heading" className="text-lg font-semibold">
        Your public page
      </h2>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorState message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : (
        <PublicPageForm initial={settings.data} />
      )}
    </section>
  );
}

function PublicPageForm({ initial }: { initial: OrganiserPageSettings }) {
  const save = useSaveOrganiserPage();
  const [description, setDescription] = useState(initial.description);
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [logoError, setLogoError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const logoId = useId();
  const preview = usePreview(logo);
  const shown = preview ?? (removeLogo ? null : (save.data?.logo ?? initial.logo));
  const slug = initial.slug;

  const serverError = save.error instanceof ApiError ? save.error : null;
  const fieldError = (path: string) => serverError?.fieldErrors.find((f) => f.path === path)?.message;
  const descriptionError =
    description.trim().length > ORGANISER_DESCRIPTION_MAX
      ? `At most ${ORGANISER_DESCRIPTION_MAX} characters`
      : fieldError('description');
  const serverLogoError =
    fieldError('logo') ??
    (serverError && (serverError.code === 'image.too_large' || serverError.code === 'image.wrong_type')
      ? serverError.message
      : undefined);
  const shownLogoError = logoError ?? serverLogoError;
  const otherError = save.isError && !fieldError('description') && !serverLogoError ? errorMessage(save.error) : null;

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = logoProblem(file);
    setLogoError(problem ?? undefined);
    setSaved(false);
    if (problem) {
      if (input.current) input.current.value = '';
      return;
    }
    setLogo(file);
    setRemoveLogo(false);
  };

  const remove = () => {
    setLogo(null);
    setRemoveLogo(true);
    setLogoError(undefined);
    setSaved(false);
    if (input.current) input.current.value = '';
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (description.trim().length > ORGANISER_DESCRIPTION_MAX) return;
    setSaved(false);
    save.mutate(
      { description, logo, removeLogo },
      {
        onSuccess: (page) => {
          setDescription(page.description);
          setLogo(null);
          setRemoveLogo(false);
          if (input.current) input.current.value = '';
          setSaved(true);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-6">
      <p className="text-sm text-slate-600">
        Buyers see your name, logo, description and events at{' '}
        <Link to={`/o/${slug}`} className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
          /o/{slug}
          <ExternalLink className="h-3.5 w-3.5" aria-hidden />
        </Link>
        .
      </p>

      <div className="space-y-2">
        <span id={`${logoId}-label`} className="block text-sm font-medium text-slate-700">
          Logo
        </span>
        <div className="flex flex-wrap items-center gap-4">
          <div
            className={`flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-2xl border-2 border-dashed bg-surface ${
              shownLogoError ? 'border-red-400' : 'border-slate-300'
            }`}
          >
            {shown ? (
              <img src={shown} alt="Your logo" className="h-full w-full object-cover" />
            ) : (
              <ImagePlus className="h-8 w-8 text-slate-400" aria-hidden />
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
              <ImagePlus className="h-4 w-4" aria-hidden />
              {shown ? 'Choose another logo' : 'Choose logo'}
            </Button>
            {shown && (
              <Button variant="secondary" size="sm" onClick={remove}>
                <Trash2 className="h-4 w-4" aria-hidden />
                Remove logo
              </Button>
            )}
          </div>
        </div>
        <input
          ref={input}
          id={logoId}
          type="file"
          accept="image/jpeg,image/png"
          className="sr-only"
          aria-labelledby={`${logoId}-label`}
          aria-invalid={shownLogoError ? true : undefined}
          aria-describedby={shownLogoError ? `${logoId}-error` : `${logoId}-hint`}
          onChange={(e) => pick(e.target.files?.[0])}
        />
        {shownLogoError ? (
          <p id={`${logoId}-error`} role="alert" className="text-sm text-red-600">
            {shownLogoError}
          </p>
        ) : (
          <p id={`${logoId}-hint`} className="text-xs text-slate-500">
            A square JPEG or PNG, at least 200 x 200px, max {MAX_MB}MB.
            {removeLogo && ' The logo is removed when you save.'}
          </p>
        )}
      </div>

      <TextAreaField
        label="Description"
        rows={6}
        value={description}
        onChange={(e) => {
          setDescription(e.target.value);
          setSaved(false);
        }}
        error={descriptionError}
        hint={`${description.trim().length} / ${ORGANISER_DESCRIPTION_MAX} characters. Plain text: who you are and what events you run.`}
      />

      {otherError && <Alert type="danger">{otherError}</Alert>}
      {saved && <Alert type="success">Your public page is saved.</Alert>}

      <Button type="submit" busy={save.isPending} busyText="Saving...">
        Save public page
      </Button>
    </form>
  );
}

/** A preview URL for a picked file, revoked when the file changes or the form closes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}
