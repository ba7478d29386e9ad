import { useEffect, useRef, useState } from 'react';
import { Camera, CameraOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { dropQrDetector, qrDetector, type QrDetector } from '../barcode';

/** How often a frame is read, and how long the same code is ignored after it was answered. */
const FRAME_MS = 200;
const SAME_CODE_MS = 4_000;
/**
 * Reads in a row that fail, not merely find nothing, before the door is told: a reader whose
 * WebAssembly did not load fails on every frame, and a camera that silently reads nothing would
 * leave the queue waiting.
 */
const FAILED_READS = 15;

function cameraMessage(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The camera is not allowed. Allow it in the browser’s site settings, or type the ticket’s reference below.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera found on this device. Type the ticket’s reference below.';
  if (name === 'NotReadableError')
    return 'Another app is using the camera. Close it, or type the ticket’s reference below.';
  return 'The camera could not start here. Type the ticket’s reference below.';
}

/**
 * The door camera: reads QR codes from the back camera and hands each new one to `onCode`.
 * Paused (`paused`) while a verdict is on screen; the same code is not read twice in a row.
 */
export function CameraScanner({ paused, onCode }: { paused: boolean; onCode: (code: string) => void }) {
  const [on, setOn] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const detector = useRef<QrDetector | null>(null);
  const last = useRef<{ code: string; at: number } | null>(null);
  const pausedRef = useRef(paused);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    pausedRef.current = paused;
    onCodeRef.current = onCode;
    // The same code right after its verdict was dismissed is the same person still in front.
    if (!paused && last.current) last.current.at = Date.now();
  }, [paused, onCode]);

  const stop = () => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    setOn(false);
  };

  const start = async () => {
    setError(null);
    setStarting(true);
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera API', 'NotFoundError');
      const [found, media] = await Promise.all([
        qrDetector(),
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
      ]);
      detector.current = found;
      stream.current = media;
      // The video element shows; the effect below plays the stream in it and reads frames.
      setOn(true);
    } catch (err) {
      stop();
      setError(cameraMessage(err));
    } finally {
      setStarting(false);
    }
  };

  // Once the video element is on the page (not after a guessed frame: on a busy phone the
  // element could come later, and the camera would show but never read).
  useEffect(() => {
    const el = video.current;
    const media = stream.current;
    const reader = detector.current;
    if (!on || !el || !media || !reader) return;
    let ended = false;
    let failed = 0;
    const read = async () => {
      if (ended || stream.current !== media) return;
      if (!pausedRef.current && el.readyState >= 2) {
        try {
          const [found] = await reader.detect(el);
          failed = 0;
          const code = found?.rawValue.trim();
          const seen = last.current;
          if (code && !(seen && seen.code === code && Date.now() - seen.at < SAME_CODE_MS)) {
            last.current = { code, at: Date.now() };
            onCodeRef.current(code);
          }
        } catch (err) {
          // A frame the detector cannot read: the next one, unless it never can.
          if (++failed === FAILED_READS) {
            console.warn('door camera: the QR reader fails on every frame', err);
            dropQrDetector();
            stop();
            setError(
              'The camera could not read codes here. Try starting it again, or type the ticket’s reference below.',
            );
            return;
          }
        }
      }
      setTimeout(() => void read(), FRAME_MS);
    };
    el.srcObject = media;
    el.play().then(
      () => void read(),
      (err: unknown) => {
        if (ended) return;
        stop();
        setError(cameraMessage(err));
      },
    );
    return () => {
      ended = true;
    };
  }, [on]);

  useEffect(() => () => stream.current?.getTracks().forEach((t) => t.stop()), []);

  return (
    <section aria-label="Camera" className="space-y-3">
      {on ? (
        <div className="relative overflow-hidden rounded-2xl bg-black">
          <video ref={video} className="aspect-square w-full object-cover sm:aspect-video" muted playsInline />
          <div className="pointer-events-none absolute inset-[18%] rounded-2xl border-4 border-white/80" aria-hidden />
          <Button variant="secondary" size="sm" className="absolute right-3 top-3" onClick={stop}>
            <CameraOff className="h-4 w-4" aria-hidden />
            Stop camera
          </Button>
        </div>
      ) : (
        <Button size="lg" className="w-full" onClick={() => void start()} busy={starting} busyText="Starting camera...">
          <Camera className="h-5 w-5" aria-hidden />
          Scan with camera
        </Button>
      )}
      {error && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
