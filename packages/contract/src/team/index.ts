export * from './list-team.js';
export * from './invite-teammate.js';
export * from './manage-team.js';
