import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** A QR code enlarged for the door: its image, what it is, and who and how many it admits. */
export interface EnlargedQr {
  src: string;
  /** "VIP" for a ticket, "Whole booking" for the booking's own code. */
  title: string;
  /** The name on the ticket. */
  holder: string;
  /** How many it admits, which ticket of the booking, the event. */
  lines: string[];
}

/**
 * The QR code full screen, black on white and as large as the screen allows, for a scanner at
 * the door (docs/product.md#e-tickets-and-signed-codes). Escape, the close button or Close
 * end it. Loaded on the first tap, not with the page.
 */
export default function QrDialog({ qr, onClose }: { qr: EnlargedQr | null; onClose: () => void }) {
  return (
    <Dialog.Root open={qr !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-white" />
        <Dialog.Content className="fixed inset-0 z-50 flex flex-col items-center overflow-y-auto bg-white px-4 pb-8 pt-3 text-center focus:outline-none">
          {qr && (
            <>
              <div className="flex w-full max-w-xl justify-end">
                <Dialog.Close asChild>
                  <button
                    type="button"
                    className="rounded-full p-2.5 text-slate-600 hover:bg-slate-100 hover:text-ink"
                    aria-label="Close full screen"
                  >
                    <X className="h-6 w-6" aria-hidden />
                  </button>
                </Dialog.Close>
              </div>
              <Dialog.Title className="text-2xl font-bold tracking-tight text-ink">{qr.title}</Dialog.Title>
              <Dialog.Description asChild>
                <div className="mt-1 space-y-0.5 text-sm text-slate-600">
                  <p className="text-base font-semibold text-ink">{qr.holder}</p>
                  {qr.lines.map((line) => (
                    <p key={line}>{line}</p>
                  ))}
                </div>
              </Dialog.Description>
              <img
                src={qr.src}
                alt={`QR code: ${qr.title}`}
                width={300}
                height={300}
                className="mt-5 aspect-square h-auto [image-rendering:pixelated]"
                style={{ width: 'min(100%, calc(100dvh - 17rem), 30rem)', minWidth: '12rem' }}
                data-testid="enlarged-qr"
              />
              <p className="mt-4 max-w-sm text-sm text-slate-500">
                Turn your screen brightness up and hold the code steady in front of the scanner.
              </p>
              <Dialog.Close asChild>
                <Button variant="secondary" size="lg" className="mt-6 w-full max-w-xs">
                  Close
                </Button>
              </Dialog.Close>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
