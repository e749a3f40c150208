import type { FastifyInstance } from 'fastify';

/** The redirect URI registered at every provider: a page of the app (apps/web, AuthCallback) on PUBLIC_URL. */
export const OIDC_CALLBACK_PATH = '/auth/callback';

const field = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.length <= 2000 ? value : undefined;
};

/**
 * POST /auth/callback: a provider answering with `response_mode=form_post` (Apple when it is asked for the name or
 * e-mail) posts code and state here. They are passed on to the app's page at the same address (GET) with a 303, which
 * finishes the sign-in as for any provider; nothing is decided here. GET is the app's own page (web.ts).
 */
export function registerOidcCallback(app: FastifyInstance) {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post(OIDC_CALLBACK_PATH, { schema: { hide: true } }, async (request, reply) => {
      const query = new URLSearchParams();
      for (const name of ['code', 'state', 'error', 'error_description']) {
        const value = field(request.body, name);
        if (value !== undefined) query.set(name, value);
      }
      return reply.header('cache-control', 'no-store').redirect(`${OIDC_CALLBACK_PATH}?${query}`, 303);
    });
  });
}
