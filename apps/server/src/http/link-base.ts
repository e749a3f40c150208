import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The origin written into links the server makes (picture and upload URLs). PUBLIC_URL when set;
 * otherwise the host the caller reached, but only when it is one the operator allowed
 * (ALLOWED_HOSTS, plus localhost), so a forged Host header can never plant a foreign origin in
 * stored data. Anything else gets the local origin.
 */
export function createLinkBase(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_HOSTS' | 'PORT'>) {
  if (config.PUBLIC_URL) {
    const fixed = config.PUBLIC_URL.replace(/\/$/, '');
    return (_request: FastifyRequest) => fixed;
  }
  const allowed = new Set(
    ['localhost', '127.0.0.1', '[::1]', ...(config.ALLOWED_HOSTS ?? [])].map((h) => h.toLowerCase()),
  );
  const local = `http://localhost:${config.PORT}`;
  return (request: FastifyRequest) =>
    allowed.has(request.hostname.toLowerCase()) ? `${request.protocol}://${request.host}` : local;
}

export type LinkBase = ReturnType<typeof createLinkBase>;
