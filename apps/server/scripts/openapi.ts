/** npm run openapi: writes the OpenAPI document generated from the contract to docs/openapi.json. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

export async function generateOpenApi(): Promise<string> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/cordata-openapi',
    JWT_SECRET: 'x'.repeat(32),
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({});
  const { app } = await buildApp({ config, database, logger: false });
  await app.ready();
  const document = app.swagger();
  await app.close();
  await database.close();
  return `${JSON.stringify(document, null, 2)}\n`;
}

if (import.meta.main ?? process.argv[1]?.endsWith('openapi.ts')) {
  const target = join(import.meta.dirname, '../../../docs/openapi.json');
  writeFileSync(target, await generateOpenApi());
  console.log(`OpenAPI written to ${target}`);
}
