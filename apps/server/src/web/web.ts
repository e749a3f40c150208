import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Language } from '@cordata/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { errorBody } from '../http/errors.ts';
import { acceptedLanguage } from '../i18n/accept-language.ts';
import { elevationCredit } from '../modules/elevation/elevation-provider.ts';
import { basemapRuntimeConfig, chooseBasemap } from '../modules/maps/basemap.ts';
import type { SharePreviewLookup } from './share-preview.ts';
import { shareTags, shareTarget, withShareTags } from './share-tags.ts';

/** What the app reads at run time from index.html: nothing of it is secret. */
export function publicRuntimeConfig(config: Config) {
  return {
    webMode: config.WEB_MODE,
    product: config.PRODUCT_SLUG,
    supportEmail: config.SUPPORT_EMAIL,
    appStoreUrl: config.APP_STORE_URL,
    playStoreUrl: config.PLAY_STORE_URL,
    tagManagerAndroid: config.TAG_MANAGER_ANDROID_ID ?? null,
    tagManagerIos: config.TAG_MANAGER_IOS_ID ?? null,
    mapsKey: config.MAPS_KEY ?? null,
    ...basemapRuntimeConfig(chooseBasemap(config)),
    publicUrl: config.PUBLIC_URL ?? null,
    vapidPublicKey: config.VAPID_PUBLIC_KEY ?? null,
    elevationCredit: elevationCredit(config),
    // The entry screen's provider buttons, and whether the password form shows (issue 41).
    signIn: {
      passwordSignIn: config.passwordSignIn,
      providers: config.oidc.map((p) => ({ id: p.id, label: p.label })),
    },
  };
}

const escapeForScript = (json: string) => json.replaceAll('<', '\\u003c');

/**
 * Serves the built app. Unknown paths outside the API get the entry HTML (the app routes them),
 * with the runtime configuration injected. With `nonces`, each answer of the entry page carries a fresh
 * nonce on its scripts and in its policy, with 'strict-dynamic': the scripts they load (the tag
 * manager) are trusted through them, and no script-src origin is needed (review L6).
 * With `sharePreview`, a shared activity or group page carries its link-preview tags (issue 19), described in the
 * language the visitor's browser asks for (Accept-Language), else English.
 */
export async function registerWeb(
  app: FastifyInstance,
  config: Config,
  options: { nonces?: boolean; sharePreview?: SharePreviewLookup } = {},
) {
  const indexFile = join(config.webDistDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  const configTag = `<script id="cordata-config" type="application/json">${escapeForScript(
    JSON.stringify(publicRuntimeConfig(config)),
  )}</script>`;
  const indexHtml = hasBuild
    ? readFileSync(indexFile, 'utf8').replace('</head>', `${configTag}</head>`)
    : `<!doctype html><html><head><meta charset="utf-8"><title>Cordata</title></head><body><p>The web app is not built: run <code>npm run build</code>.</p></body></html>`;

  if (hasBuild) {
    const assets = join(config.webDistDir, 'assets');
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every asset: serve those to clients that accept them.
      preCompressed: true,
      // Ours, not send's (which wrote max-age=0 over it): an app opened again must not ask for its hashed files.
      cacheControl: false,
      setHeaders(res, path) {
        if (path.endsWith('.mjs')) res.raw.setHeader('content-type', 'text/javascript; charset=utf-8');
        res.raw.setHeader(
          'cache-control',
          path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  /** The entry page, with the link-preview tags of the object a shared page names when outsiders may see it. */
  async function entryPage(path: string, language: Language, log: FastifyBaseLogger): Promise<string> {
    const target = options.sharePreview && shareTarget(path);
    if (!target || !options.sharePreview) return indexHtml;
    try {
      const preview = await options.sharePreview(target.kind, target.id, language);
      if (!preview) return indexHtml;
      return withShareTags(
        indexHtml,
        preview,
        shareTags(preview, { publicUrl: config.PUBLIC_URL, product: config.PRODUCT_SLUG, language }),
      );
    } catch (err) {
      // A preview is a nicety: the page itself must load even when the database does not answer.
      log.warn({ err }, 'share preview lookup failed');
      return indexHtml;
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (['/api/', '/uploads/', '/release/', '/assets/', '/maps/'].some((prefix) => path.startsWith(prefix))) {
      return reply.status(404).send(errorBody('NOT_FOUND'));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(errorBody('NOT_FOUND'));
    }
    const html = await entryPage(path, acceptedLanguage(request.headers['accept-language']), request.log);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    // A shared page's description is in the visitor's language.
    const vary = options.sharePreview && shareTarget(path) ? 'accept-encoding, accept-language' : 'accept-encoding';
    if (!options.nonces) return sendCompressed(request.headers['accept-encoding'], reply, html, vary);
    const nonce = randomBytes(16).toString('base64');
    const policy = String(reply.getHeader('content-security-policy') ?? '');
    reply.header(
      'content-security-policy',
      policy.replace('script-src ', `script-src 'nonce-${nonce}' 'strict-dynamic' `),
    );
    return sendCompressed(
      request.headers['accept-encoding'],
      reply,
      html
        .replaceAll('<script', `<script nonce="${nonce}"`)
        .replaceAll('<link rel="modulepreload"', `<link rel="modulepreload" nonce="${nonce}"`),
      vary,
    );
  });
}

/**
 * The entry page compressed when the client accepts it: with its inlined style sheet and configuration it is 12 KB,
 * 4 KB compressed, the first thing a cold start waits for (bench/slow-network.ts). It changes per answer (nonce, share
 * tags), so it is compressed per answer; brotli at quality 5 takes well under a millisecond on it.
 */
function sendCompressed(acceptEncoding: string | undefined, reply: FastifyReply, html: string, vary: string) {
  reply.header('vary', vary);
  const accepted = acceptEncoding ?? '';
  if (/\bbr\b/.test(accepted)) {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
