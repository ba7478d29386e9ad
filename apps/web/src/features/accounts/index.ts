/**
 * The accounts feature as other code may use it: the session (token, account type, name),
 * sign-out, the Settings tabs the team pages share, the password asked again before attendee
 * data is downloaded, and the pages the router mounts.
 */
export {
  useSession,
  isAuthenticated,
  onSignOut,
  connectSessionToApi,
  type OrganiserRole,
  type SessionState,
  type UserName,
} from './session-store';
export { isDoorOnly, organiserMeQueryKey, useOrganiserMe, useOrganiserRole } from './api/organiser-me';
export { useSignOut } from './api/sign-out';
export { SettingsTabs } from './components/settings-tabs';
export { usePasswordConfirmation } from './components/password-confirmation';
export { useTotpStatus } from './api/totp-status';

export const accountsPages = {
  buyerLogin: () => import('./pages/buyer-login-page'),
  buyerSignup: () => import('./pages/buyer-signup-page'),
  register: () => import('./pages/register-page'),
  registerDetails: () => import('./pages/register-details-page'),
  signIn: () => import('./pages/sign-in-page'),
  reset: () => import('./pages/reset-page'),
  forgot: () => import('./pages/forgot-page'),
  settings: () => import('./pages/settings-page'),
  security: () => import('./pages/security-page'),
  // Issue 26: the operator's sign-in at /operator (its own frame).
  operatorSignIn: () => import('./pages/operator-sign-in-page'),
  operatorSetPassword: () => import('./pages/operator-set-password-page'),
  operatorSecurity: () => import('./pages/operator-security-page'),
};
