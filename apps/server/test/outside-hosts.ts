import type { Config } from '../src/config.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

type ServiceHosts = Pick<Config, 'ROUTER_URL' | 'ELEVATION_URL'> &
  Partial<Pick<Config, 'oidc' | 'STRAVA_CLIENT_ID' | 'STRAVA_BASE_URL'>>;

/** The routing, elevation, sign-in and Strava hosts a configuration would reach that are not this machine's stand-ins. */
export function outsideServiceHosts(config: ServiceHosts): string[] {
  // Strava's address has a default: it is reached only once Strava is configured.
  const strava = config.STRAVA_CLIENT_ID ? [config.STRAVA_BASE_URL] : [];
  return [config.ROUTER_URL, config.ELEVATION_URL, ...(config.oidc ?? []).map((p) => p.issuer), ...strava]
    .filter((url): url is string => url !== undefined)
    .map((url) => new URL(url).hostname)
    .filter((host) => !LOOPBACK.has(host));
}

/** A test's app reaches no outside host: its routing and elevation services are off or stand-ins on 127.0.0.1. */
export function assertNoOutsideServices(config: ServiceHosts) {
  const hosts = outsideServiceHosts(config);
  if (hosts.length > 0)
    throw new Error(
      `A test's app would reach ${hosts.join(', ')}: pin ROUTER_KIND/ELEVATION_KIND, and OIDC issuers and STRAVA_BASE_URL on 127.0.0.1`,
    );
}
