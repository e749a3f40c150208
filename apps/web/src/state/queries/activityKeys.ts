import type { CallInput } from '@cordata/contract';

export type NearbyInput = CallInput<'activity/nearby-activities'>;
export type DailyRange = { onlyOwn: boolean; startDate: string; endDate: string };
export type CountDailyInput = CallInput<'activity/count-daily'>;

/** Apart from the queries (activity.ts), so the start-up's home prefetch takes the keys without the socket client. */
export const activityKeys = {
  all: ['activity'] as const,
  info: (activityId: string) => ['activity', 'read-info', activityId] as const,
  participants: (activityId: string) => ['activity', 'list-participants', activityId] as const,
  requests: (activityId: string) => ['activity', 'list-requests', activityId] as const,
  invitable: (activityId: string, query: string) => ['activity', 'list-invitable-contacts', activityId, query] as const,
  nearby: (input: NearbyInput) => ['activity', 'nearby-activities', input] as const,
  daily: (range: DailyRange) => ['activity', 'list-daily', range] as const,
  countDaily: (input: CountDailyInput) => ['activity', 'count-daily', input] as const,
};
