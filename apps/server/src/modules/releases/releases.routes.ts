import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { errorBody } from '../../http/errors.ts';
import { latestRelease, releaseManifest, zipFolder } from './releases.ts';

/**
 * The live-update channel (spec §7): GET release/latest is the newest bundle's version as plain
 * text, release/latest.zip the bundle. Without a stored release, the running web build is it.
 */
export async function registerReleases(app: FastifyInstance, core: Pick<Core, 'config'>) {
  let builtBundle: Uint8Array | null = null;

  app.get('/release/latest', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(latestRelease(core.config.dataDir).version),
  );

  /** The newest stored bundle, or the running web build zipped once. */
  function latestBundle() {
    const latest = latestRelease(core.config.dataDir);
    let bundle: Uint8Array | null = latest.file ? readFileSync(latest.file) : null;
    if (!bundle && existsSync(core.config.webDistDir)) {
      builtBundle ??= zipFolder(core.config.webDistDir);
      bundle = builtBundle;
    }
    return { latest, bundle };
  }

  app.get('/release/latest.json', { schema: { hide: true } }, async (_request, reply) => {
    const { latest, bundle } = latestBundle();
    if (!bundle) return reply.status(404).send(errorBody('NOT_FOUND', 'No release is available'));
    return reply.header('cache-control', 'no-cache').send(releaseManifest(latest.file, bundle, latest.version));
  });

  app.get('/release/latest.zip', { schema: { hide: true } }, async (_request, reply) => {
    const { latest, bundle } = latestBundle();
    if (!bundle) return reply.status(404).send(errorBody('NOT_FOUND', 'No release is available'));
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="cordata-${latest.version}.zip"`)
      .header('x-release-version', latest.version)
      .send(Buffer.from(bundle));
  });
}
