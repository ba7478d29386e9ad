import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { DoorSearchRow } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { fetchDoorTicketQr } from '../api/door-api';

/**
 * A ticket's QR code full screen on the organiser's phone (GET …/checkin/tickets/{ticket_id}/qr),
 * black on white and as large as the screen allows, for a second scanner when the delegate has
 * no phone. Escape or Close end it.
 */
export function TicketQrDialog({
  eventId,
  row,
  onClose,
}: {
  eventId: number;
  row: DoorSearchRow;
  onClose: () => void;
}) {
  const qr = useQuery({
    queryKey: ['checkin', 'qr', eventId, row.ticket_id],
    queryFn: ({ signal }) => fetchDoorTicketQr(eventId, row.ticket_id, signal),
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-white" />
        <Dialog.Content className="fixed inset-0 z-50 flex flex-col items-center overflow-y-auto bg-white px-4 pb-8 pt-3 text-center focus:outline-none">
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
          <Dialog.Title className="text-2xl font-bold tracking-tight text-ink">{row.holder_name}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {row.ticket_type} · <span className="font-mono">{row.reference}</span>
          </Dialog.Description>
          {qr.isPending ? (
            <div className="mt-5 w-full max-w-xs" role="status" aria-label="Loading the QR code">
              <Skeleton className="aspect-square w-full" />
            </div>
          ) : qr.isError ? (
            <div className="mt-6 max-w-sm" role="alert">
              <p className="font-semibold text-red-800">
                {qr.error instanceof ApiError && qr.error.code === 'door.ticket_not_valid'
                  ? 'This ticket was refunded or replaced: it has no code that admits.'
                  : errorMessage(qr.error)}
              </p>
              <Button variant="secondary" className="mt-4" onClick={() => void qr.refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <img
              src={qr.data.qr}
              alt={`QR code of ${qr.data.holder_name}'s ticket ${qr.data.reference}`}
              width={300}
              height={300}
              className="mt-5 aspect-square h-auto [image-rendering:pixelated]"
              style={{ width: 'min(100%, calc(100dvh - 16rem), 30rem)', minWidth: '12rem' }}
              data-testid="door-ticket-qr"
            />
          )}
          <p className="mt-4 max-w-sm text-sm text-slate-500">
            Hold this screen in front of the other scanner, brightness up. Scanning it admits the ticket once.
          </p>
          <Dialog.Close asChild>
            <Button variant="secondary" size="lg" className="mt-6 w-full max-w-xs">
              Close
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
