/**
 * The operator feature as the rest sees it (docs/decisions/0031-payout-safeguards.md): the
 * command line's `npm run operator -- add` (operator-cli.ts). Its routes are picked up by
 * features/routes.ts.
 */
export { addOperator } from './operator-accounts.js';
