import { useEffect, useId, useRef, useState } from 'react';
import clsx from 'clsx';
import { ImagePlus, TriangleAlert } from 'lucide-react';
import { LIMITS } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';

const MAX_MB = LIMITS.imageMaxBytes / (1024 * 1024);
const { width, height } = LIMITS.imageRecommended;
export const IMAGE_TIPS = `Recommended ${width} x ${height}px, max ${MAX_MB}MB, JPEG or PNG.`;

/** Why a picked file cannot be the event image, or null when it can (the server checks again). */
export function imageProblem(file: File): string | null {
  if (!(LIMITS.imageTypes as readonly string[]).includes(file.type)) return 'Choose a JPEG or PNG image';
  if (file.size > LIMITS.imageMaxBytes) return `The image is larger than ${MAX_MB}MB`;
  if (file.size === 0) return 'The file is empty';
  return null;
}

/**
 * Advice on a picked image's size, or null when it is fine: smaller than the recommended size
 * shows blurred on a large screen, and a shape far from 2:1 loses its edges to the event's
 * banner and cards (both crop to 2:1). Advice, not an error: the image may still be used.
 */
export function imageSizeAdvice(w: number, h: number): string | null {
  if (!w || !h) return null;
  const tooSmall = w < width || h < height;
  const ratio = w / h;
  const offShape = ratio < 1.6 || ratio > 2.5;
  if (!tooSmall && !offShape) return null;
  const size = `This image is ${w} x ${h}px`;
  const parts = [
    tooSmall && `it may look blurred on large screens (we recommend ${width} x ${height}px)`,
    offShape && 'banners and cards show it 2:1 wide, so its top and bottom or sides are cut',
  ].filter(Boolean);
  return `${size}: ${parts.join('; ')}.`;
}

/** The server's word on the image (field `file`; too large, not a JPEG or PNG), for under the picker. */
export function imageErrorOf(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const field = err.fieldErrors.find((f) => f.path === 'file')?.message;
  if (err.code === 'image.too_large' || err.code === 'image.wrong_type') return field ?? err.message;
  return field;
}

/** A preview URL for a picked file, revoked when the file changes or the page closes. */
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

/**
 * The main event image (docs/product.md#organiser-side): a JPEG/PNG picker with a 2:1 preview and the size and type
 * hints. A file of the wrong type or size is refused here, before any upload.
 */
export function ImagePicker({
  label = 'Main event image',
  file,
  onChange,
  error,
  currentUrl,
}: {
  label?: string;
  file: File | null;
  onChange: (file: File | null, problem: string | null) => void;
  error?: string;
  /** The image the event has now; shown until a new file is picked. */
  currentUrl?: string | null;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = usePreview(file);
  const shown = preview ?? currentUrl ?? null;
  const [advice, setAdvice] = useState<string | null>(null);
  // Only a newly picked file is judged; the event's current image was accepted before.
  useEffect(() => setAdvice(null), [preview]);

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    const problem = imageProblem(picked);
    onChange(problem ? null : picked, problem);
    if (problem && input.current) input.current.value = '';
  };

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div
        className={clsx(
          'relative flex aspect-[2/1] w-full items-center justify-center overflow-hidden rounded-2xl border-2 border-dashed bg-surface',
          error ? 'border-red-400' : 'border-slate-300',
        )}
      >
        {shown ? (
          <img
            src={shown}
            alt="Preview of the event banner"
            className="h-full w-full object-cover"
            onLoad={(e) => {
              if (preview) setAdvice(imageSizeAdvice(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight));
            }}
          />
        ) : (
          <div className="flex flex-col items-center gap-2 px-4 text-center text-slate-500">
            <ImagePlus className="h-10 w-10 text-slate-400" aria-hidden />
            <span className="text-sm">Pick an image for your event</span>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
          <ImagePlus className="h-4 w-4" aria-hidden />
          {shown ? 'Choose another image' : 'Choose image'}
        </Button>
        {file && <span className="min-w-0 truncate text-sm text-slate-600">{file.name}</span>}
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png"
        className="sr-only"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => pick(e.target.files?.[0])}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {IMAGE_TIPS}
      </p>
      {advice && !error && (
        <p className="flex gap-2 text-sm text-amber-800" role="status">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{advice}</span>
        </p>
      )}
      {error && (
        <p className="text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
