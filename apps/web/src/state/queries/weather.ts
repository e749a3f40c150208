import type { ActivityWeather, CallInput } from '@cordata/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/client.ts';
import { realtimeLink } from '../../chat/realtime.ts';
import { activityKeys } from './activity.ts';

export const weatherKeys = {
  activity: (activityId: string) => ['activity', 'weather', activityId] as const,
};

/** The forecast is cached on the server per grid cell for an hour: asking more often than every 10 minutes is waste. */
const WEATHER_STALE_MS = 10 * 60_000;

/**
 * The weather of an activity (issue 24). An organiser's decision or a weather alert about this activity, arriving
 * live as a notification, refetches it and the activity (a move changes the time).
 */
export function useActivityWeatherQuery(activityId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const link = realtimeLink();
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: weatherKeys.activity(activityId) });
      void queryClient.invalidateQueries({ queryKey: activityKeys.info(activityId) });
    };
    const offs = [
      link.on('notification', (n) => {
        if (n.targetId === activityId && n.type.startsWith('ACTIVITY_WEATHER_')) refresh();
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [activityId, queryClient]);
  return useQuery({
    queryKey: weatherKeys.activity(activityId),
    queryFn: () => api('activity/weather', { activityId }),
    select: (d) => d.weather,
    staleTime: WEATHER_STALE_MS,
  });
}

function useWeatherMutation<I>(activityId: string, call: (input: I) => Promise<{ weather: ActivityWeather }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(weatherKeys.activity(activityId), answer);
      void queryClient.invalidateQueries({ queryKey: activityKeys.info(activityId) });
    },
  });
}

export const useWeatherThresholdsMutation = (activityId: string) =>
  useWeatherMutation(activityId, (thresholds: CallInput<'activity/weather-thresholds'>['thresholds']) =>
    api('activity/weather-thresholds', { activityId, thresholds }),
  );

export const useWeatherDecideMutation = (activityId: string) =>
  useWeatherMutation(activityId, (input: Omit<CallInput<'activity/weather-decide'>, 'activityId'>) =>
    api('activity/weather-decide', { activityId, ...input }),
  );
