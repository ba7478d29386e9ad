export * from './register-organiser.js';
export * from './sign-in.js';
export * from './buyer-sign-in.js';
export * from './organisation-profile.js';
export * from './two-factor.js';
export * from './sessions.js';
