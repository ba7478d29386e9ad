import type { AppContext } from '../../app-context.js';
import { createOperatorAccount } from '../accounts/index.js';
import { recordAudit } from '../audit/index.js';
import { drainMailOutbox, enqueueMail, operatorInviteMail } from '../mail/index.js';

/**
 * `npm run operator -- add <email> [first name] [last name]` (docs/operations.md#operators): a
 * new operator account without a password, and the mail with the link that sets it. The mail
 * goes through the app's mail (SMTP, or the local mailbox at /dev/mailbox) at once.
 */
export async function addOperator(ctx: AppContext, email: string, firstName = '', lastName = '') {
  const address = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) throw new Error(`"${email}" is not an email address`);
  await ctx.db.transaction(async (tx) => {
    const { id, code } = await createOperatorAccount(tx, { email: address, firstName, lastName });
    const setPasswordUrl = `${ctx.config.publicUrl}/operator/set-password?username=${encodeURIComponent(address)}&code=${code}`;
    await enqueueMail(tx, { to: address, ...operatorInviteMail({ code, setPasswordUrl }) });
    await recordAudit(
      tx,
      {
        organisationId: null,
        accountId: id,
        firstName: 'Command line',
        lastName: '',
        email: address,
        role: 'operator',
        address: '',
        device: 'npm run operator',
      },
      { action: 'operator.account_created', target: { type: 'account', id, label: address } },
    );
  });
  await drainMailOutbox(ctx);
  return { email: address };
}
