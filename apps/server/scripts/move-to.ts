/**
 * Moves the embedded quick start's data (PGlite in DATA_DIR) into a new, empty PostgreSQL database:
 * `npm run db:move-to -- postgres://user@host:5432/db` (docs/deploy.md, "From the quick start to PostgreSQL").
 * Stop the server first.
 */
import { ConfigError, loadConfig } from '../src/config.ts';
import { MoveError, moveTo, shownUrl } from '../src/db/move-to.ts';

async function main() {
  const targetUrl = process.argv.slice(2).find((arg) => arg !== '--');
  if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl)) {
    console.error('Usage: npm run db:move-to -- postgres://user@host:5432/database');
    return 2;
  }
  const config = loadConfig(process.env);
  if (config.DATABASE_URL) {
    console.error(
      'DATABASE_URL is set: this server already runs on PostgreSQL. Unset it to move the embedded database in DATA_DIR.',
    );
    return 2;
  }
  console.log(`Moving the embedded database in ${config.dataDir} to ${shownUrl(targetUrl)}…`);
  const summary = await moveTo({ dataDir: config.dataDir, targetUrl });
  const width = Math.max(...summary.tables.map((t) => t.name.length));
  for (const { name, rows } of summary.tables) console.log(`  ${name.padEnd(width)}  ${rows}`);
  const total = summary.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(`${total} rows in ${summary.tables.length} tables, in ${(summary.ms / 1000).toFixed(1)} s.`);
  console.log(
    `${summary.files} uploaded file(s) stay in ${config.dataDir}/uploads, with the generated secrets: keep DATA_DIR as it is.`,
  );
  console.log(
    `\nNext: start the server with DATABASE_URL=${shownUrl(targetUrl)} and the same DATA_DIR. The embedded database in ${config.dataDir}/pgdata is left untouched: remove it once the server runs on PostgreSQL.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError || error instanceof MoveError ? error.message : error);
    process.exit(1);
  },
);
