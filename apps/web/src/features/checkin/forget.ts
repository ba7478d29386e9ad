/**
 * On sign-out the door's ticket lists leave the device (they hold attendees' names: a shared
 * phone must not show them to the next person), while check-ins still waiting to sync stay for
 * the next sign-in (docs/decisions/0013-door-page-offline.md). A browser that never opened the
 * door loads nothing and makes no database.
 */
export async function forgetDoorKits() {
  if (typeof indexedDB !== 'undefined' && typeof indexedDB.databases === 'function') {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('tikiti-door')) return;
  }
  const { doorStore } = await import('./door-store');
  await (await doorStore()).clearKits();
}
