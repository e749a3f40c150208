/** npm run release: stores the built web app as the live-update bundle of the current version. */
import { existsSync } from 'node:fs';
import { APP_VERSION } from '@cordata/contract';
import { loadConfig } from '../src/config.ts';
import { storeRelease, zipFolder } from '../src/modules/releases/releases.ts';

const config = loadConfig();
if (!existsSync(config.webDistDir)) {
  console.error(`No web build at ${config.webDistDir}: run npm run build first.`);
  process.exit(1);
}
const version = process.argv[2] ?? APP_VERSION;
const stored = storeRelease(config.dataDir, version, zipFolder(config.webDistDir), config.RELEASE_SIGNING_KEY);
console.log(
  `Release ${version}: ${stored.file} (${stored.size} bytes, sha256 ${stored.sha256}, ${stored.signature ? 'signed' : 'NOT signed: set RELEASE_SIGNING_KEY'})`,
);
