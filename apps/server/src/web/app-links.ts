import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { errorBody } from '../http/errors.ts';

/** The store apps' id (apps/web/capacitor.config.ts): the Android package and the iOS bundle id. */
export const NATIVE_APP_ID = 'app.cordata';

/**
 * The files that let the phone apps open this server's links (spec §2): Android App Links' assetlinks.json
 * and iOS Universal Links' apple-app-site-association, from ANDROID_CERT_SHA256 and IOS_TEAM_ID. Without
 * them the apps open no links, and the files answer 404.
 */
export function registerAppLinks(app: FastifyInstance, config: Pick<Config, 'ANDROID_CERT_SHA256' | 'IOS_TEAM_ID'>) {
  const notConfigured = (what: string) => errorBody('NOT_FOUND', `App links are not configured: ${what} is not set`);
  app.get('/.well-known/assetlinks.json', { schema: { hide: true } }, async (_request, reply) => {
    if (!config.ANDROID_CERT_SHA256?.length) return reply.status(404).send(notConfigured('ANDROID_CERT_SHA256'));
    return reply.type('application/json').send([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: NATIVE_APP_ID,
          sha256_cert_fingerprints: config.ANDROID_CERT_SHA256.map((f) => f.toUpperCase()),
        },
      },
    ]);
  });
  app.get('/.well-known/apple-app-site-association', { schema: { hide: true } }, async (_request, reply) => {
    if (!config.IOS_TEAM_ID) return reply.status(404).send(notConfigured('IOS_TEAM_ID'));
    return reply.type('application/json').send({
      applinks: { details: [{ appIDs: [`${config.IOS_TEAM_ID}.${NATIVE_APP_ID}`], components: [{ '/': '/*' }] }] },
    });
  });
}
