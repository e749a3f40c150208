/**
 * Makes an existing account an admin: `npm run admin:create -- --email someone@example.com`.
 * Opens the configured database as the server does (PGlite in DATA_DIR, or DATABASE_URL).
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { promoteToAdmin } from '../src/modules/admin/admin-bootstrap.ts';

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  if (!values.email) {
    console.error('Usage: npm run admin:create -- --email someone@example.com');
    return 2;
  }
  const config = loadConfig(process.env);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATABASE_URL ? undefined : config.dataDir,
    });
    await migrate(database);
  } catch (error) {
    console.error(`Could not open the database: ${(error as Error).message}`);
    if (!config.DATABASE_URL) {
      console.error(
        `The embedded database in ${config.dataDir} cannot be opened while the server runs: stop it first.`,
      );
    }
    return 1;
  }
  try {
    const outcome = await promoteToAdmin(database.db, values.email);
    const messages = {
      PROMOTED: `${values.email} is now an admin.`,
      ALREADY_ADMIN: `${values.email} is already an admin.`,
      ALREADY_DONE: `${values.email} was made admin before.`,
      NOT_FOUND: `No account uses ${values.email}: sign up in the app first, then run this again.`,
      NOT_CONFIRMED: `The address ${values.email} is not confirmed yet: confirm it with the mailed code, then run this again.`,
    };
    const failed = outcome === 'NOT_FOUND' || outcome === 'NOT_CONFIRMED';
    (failed ? console.error : console.log)(messages[outcome]);
    return failed ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
