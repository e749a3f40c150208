import type { Config } from '../src/config.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The routing and elevation hosts a configuration would reach that are not this machine's stand-ins. */
export function outsideServiceHosts(
  config: Pick<Config, 'ROUTER_URL' | 'ELEVATION_URL'> & Partial<Pick<Config, 'oidc'>>,
): string[] {
  return [config.ROUTER_URL, config.ELEVATION_URL, ...(config.oidc ?? []).map((p) => p.issuer)]
    .filter((url): url is string => url !== undefined)
    .map((url) => new URL(url).hostname)
    .filter((host) => !LOOPBACK.has(host));
}

/** A test's app reaches no outside host: its routing and elevation services are off or stand-ins on 127.0.0.1. */
export function assertNoOutsideServices(
  config: Pick<Config, 'ROUTER_URL' | 'ELEVATION_URL'> & Partial<Pick<Config, 'oidc'>>,
) {
  const hosts = outsideServiceHosts(config);
  if (hosts.length > 0)
    throw new Error(
      `A test's app would reach ${hosts.join(', ')}: pin ROUTER_KIND/ELEVATION_KIND, and OIDC issuers on 127.0.0.1`,
    );
}
