import { useCallback, useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { createDoorController } from './door-controller';
import { doorDeviceId } from './device-id';

export type { DoorState, Shown, SyncConflict } from './door-controller';

/**
 * The door of one event for a page: its controller (door-controller.ts, where the scan, sync and
 * download steps live), started while the page shows it, and the state the page draws from.
 */
export function useDoor(eventId: number) {
  const [device] = useState(doorDeviceId);
  const door = useMemo(() => createDoorController(eventId, device), [eventId, device]);
  useEffect(() => door.start(), [door]);
  const state = useStore(door.store);
  /** Admits a ticket by its reference (the door's search); answers why not when no verdict could be given. */
  const admit = useCallback(
    async (reference: string): Promise<string | null> => {
      if (await door.scan(reference)) return null;
      const why = door.store.getState().scanError;
      // Said beside the person found, not under the reference field.
      door.clearScanError();
      return why ?? 'This ticket could not be checked in.';
    },
    [door],
  );
  return {
    state,
    device: door.device,
    scan: door.scan,
    sync: door.sync,
    refresh: door.refresh,
    dismiss: door.dismiss,
    dismissConflicts: door.dismissConflicts,
    clearScanError: door.clearScanError,
    admit,
  };
}
