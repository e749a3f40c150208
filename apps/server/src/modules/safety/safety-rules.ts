import {
  SAFETY_ECONOMY_EVERY_SECONDS,
  SAFETY_OPENS_BEFORE_START_MINUTES,
  SAFETY_SHARE_EVERY_SECONDS,
  SAFETY_SHARING_AFTER_RETURN_HOURS,
  type SafetyWindowState,
} from '@cordata/contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The facts of an activity the safety loop's times come from. */
export interface SafetyTimes {
  startsAt: Date;
  endsAt: Date;
  /** The organiser's planned return; null: the end time. */
  plannedReturnAt: Date | null;
}

/**
 * When the group plans to be back: the organiser's time, else the end time. (Every Cordata activity has an end time,
 * so the estimated moving time is offered to the organiser as a choice rather than used as a default: docs/safety.md.)
 */
export const plannedReturn = (a: SafetyTimes): Date => a.plannedReturnAt ?? a.endsAt;

/**
 * The window in which positions are shared and people check in: from 30 minutes before the start until all are back
 * or 2 hours after the planned return, whichever comes first.
 */
export function safetyWindow(a: SafetyTimes, allBackAt: Date | null, now: Date) {
  const opensAt = new Date(a.startsAt.getTime() - SAFETY_OPENS_BEFORE_START_MINUTES * MINUTE);
  const lapsesAt = new Date(plannedReturn(a).getTime() + SAFETY_SHARING_AFTER_RETURN_HOURS * HOUR);
  const closesAt = allBackAt && allBackAt < lapsesAt ? allBackAt : lapsesAt;
  const state: SafetyWindowState = now < opensAt ? 'BEFORE' : now < closesAt ? 'OPEN' : 'CLOSED';
  return { opensAt, closesAt, state };
}

/** A phone's positions closer together than half its interval are dropped (a client sending too often). */
export const minimumGapMs = (economy: boolean) =>
  ((economy ? SAFETY_ECONOMY_EVERY_SECONDS : SAFETY_SHARE_EVERY_SECONDS) * 1000) / 2;

/** The escalation's two steps, measured from the planned return. */
export interface EscalationDelays {
  alertAfterMinutes: number;
  contactsAfterMinutes: number;
}

export function escalationTimes(a: SafetyTimes, delays: EscalationDelays) {
  const alertAt = new Date(plannedReturn(a).getTime() + delays.alertAfterMinutes * MINUTE);
  return { alertAt, contactsAt: new Date(alertAt.getTime() + delays.contactsAfterMinutes * MINUTE) };
}

/**
 * Escalations that e-mail one person's emergency contacts in any 7 days. A later one that week is recorded with no
 * e-mail (the group is still told): joining activities and never checking in must not turn the contacts' mailboxes
 * into a target for mail from Cordata (review M-N2).
 */
export const CONTACT_ESCALATIONS_PER_WEEK = 3;
export const ESCALATION_CAP_WINDOW_MS = 7 * 24 * HOUR;

/**
 * How far back the job looks: a step whose time passed longer ago than this is never taken (a server down for a day
 * does not wake contacts about an outing long over, and old activities are not escalated when the feature starts).
 */
export const ESCALATION_LOOKBACK_MS = 24 * HOUR;
