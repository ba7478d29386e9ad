import { useEffect, useMemo, useState } from 'react';
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
  return {
    state,
    device: door.device,
    scan: door.scan,
    sync: door.sync,
    refresh: door.refresh,
    dismiss: door.dismiss,
    dismissConflicts: door.dismissConflicts,
    clearScanError: door.clearScanError,
  };
}
