import type { Core } from '../../core.ts';
import type { Job } from '../../jobs.ts';
import type { Access } from '../access/access.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import type { Module } from '../module.ts';
import type { PrivacyTrim } from '../privacy/privacy-trim.ts';
import type { Changes } from '../shared/changes.ts';
import { createOpenMeteo, type WeatherSource } from './open-meteo.ts';
import { weatherHandlers } from './weather.handlers.ts';
import { createWeatherService } from './weather.service.ts';
import { createWeatherAlerts } from './weather-alerts.ts';
import { createWeatherCache } from './weather-cache.ts';

/** The source WEATHER_URL names, or null: then the page says "not configured" and no alert is sent. */
export function weatherSourceOf(config: Core['config']): WeatherSource | null {
  if (!config.WEATHER_URL) return null;
  return createOpenMeteo({
    baseUrl: config.WEATHER_URL,
    apiKey: config.WEATHER_API_KEY,
    timeoutMs: config.WEATHER_TIMEOUT_MS,
    attribution: config.WEATHER_ATTRIBUTION,
  });
}

/** Weather go or no-go (issue 24): forecasts on the activity page, thresholds, alerts and decisions. */
export function createWeatherModule(
  core: Core,
  deps: {
    access: Access;
    changes: Changes;
    chatMembership: Pick<ChatMembership, 'chatIdOf' | 'close'>;
    privacy: Pick<PrivacyTrim, 'zonesFor'>;
  },
) {
  const source = weatherSourceOf(core.config);
  const cache = source
    ? createWeatherCache({
        db: core.db,
        source,
        freshMs: core.config.WEATHER_CACHE_MINUTES * 60_000,
        now: core.now,
        log: core.log,
      })
    : null;
  const service = createWeatherService({
    db: core.db,
    access: deps.access,
    changes: deps.changes,
    chatMembership: deps.chatMembership,
    cache,
    attribution: core.config.WEATHER_ATTRIBUTION,
    now: core.now,
    privacy: deps.privacy,
  });
  const alerts = createWeatherAlerts({ db: core.db, changes: deps.changes, weather: service, now: core.now });

  const handlers = weatherHandlers(service);

  const jobs: Job[] = cache
    ? [
        { name: 'weather-alerts', everyMs: core.config.LOGISTICS_JOBS_EVERY_MS, run: alerts.run },
        { name: 'weather-cache-purge', everyMs: 60 * 60_000, run: cache.purge },
      ]
    : [];

  return { handlers, jobs, services: { service, alerts, cache } } satisfies Module;
}
