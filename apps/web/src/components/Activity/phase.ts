import type { Activity } from '@cordata/contract';

type Times = Pick<Activity, 'startsAt' | 'endsAt'>;

/** Between its start and its end. */
export const isUnderWay = (activity: Times, now = new Date()) =>
  new Date(activity.startsAt) <= now && now < new Date(activity.endsAt);

/** From its end on: the page leads with the recap, the bar offers the album instead of the calendar (issue 44). */
export const hasEnded = (activity: Pick<Activity, 'endsAt'>, now = new Date()) => new Date(activity.endsAt) <= now;

/** Whether the activity page shows its recap: it has ended and the person takes part (docs/recap.md). */
export const showsRecap = (activity: Activity, now = new Date()) =>
  activity.status === 'PARTICIPATING' && hasEnded(activity, now);
