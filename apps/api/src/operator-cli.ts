import { readConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { addOperator } from './features/operator/index.js';
import { wireFeatures } from './features/wiring.js';

/**
 * `npm run operator -- add <email> [first name] [last name]` (docs/operations.md#operators):
 * makes a Tikiti operator account and mails it the link that sets its password. It opens the
 * database the server uses (same DATABASE_URL or DATA_DIR; run it from the repository's root).
 * The embedded database is opened by one process at a time: stop the server first when there is
 * no DATABASE_URL.
 */
const USAGE = 'Usage: npm run operator -- add <email> [first name] [last name]';

async function main(args: string[]) {
  const [command, email, firstName = '', lastName = ''] = args;
  if (command !== 'add' || !email) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
    timeouts: config.databaseTimeouts,
  });
  try {
    wireFeatures();
    const { email: added } = await addOperator({ config, db: database.db }, email, firstName, lastName);
    console.warn(
      `Operator ${added} made: the link to set its password has been emailed (see /dev/mailbox in development).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
