export * from './list-team.js';
export * from './invite-teammate.js';
