import type { Teammate, TeammateRole } from '@tikiti/contract';

/** How the team pages name each role. */
export const ROLE_LABELS: Record<Teammate['role'], string> = {
  owner: 'Owner',
  admin: 'Admin',
  checkin: 'Check-in only',
};

/** What each role a teammate can be given lets them do (the invite page's choice). */
export const ROLE_HINTS: Record<TeammateRole, string> = {
  admin: 'Manages your events, tickets, orders and team, as you do.',
  checkin: 'Scans tickets at the door of your events, and sees nothing else.',
};
