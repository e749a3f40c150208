import type { weatherCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import type { WeatherService } from './weather.service.ts';

export const weatherHandlers = (service: WeatherService): HandlersOf<typeof weatherCalls> => ({
  'activity/weather': ({ body, user }) => service.read(body.activityId, user.userId),
  'activity/weather-thresholds': ({ body, user }) =>
    service.setThresholds(body.activityId, user.userId, body.thresholds),
  'activity/weather-decide': ({ body, user }) => service.decide(user.userId, body),
});
