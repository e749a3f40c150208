import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The origin written into links the server makes (picture and upload URLs). PUBLIC_URL when set (it must be in
 * production); otherwise the host name the caller reached, but only when it is one the operator allowed
 * (ALLOWED_HOSTS, plus localhost), with the configured PORT: nothing of the Host header but an allowed name ever
 * reaches stored data, so a forged header can plant neither a foreign origin nor a port (review M3, L-N1).
 * Anything else gets the local origin.
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
  return (request: FastifyRequest) => {
    const hostname = request.hostname.toLowerCase();
    return allowed.has(hostname) ? `${request.protocol}://${hostname}:${config.PORT}` : local;
  };
}

export type LinkBase = ReturnType<typeof createLinkBase>;
