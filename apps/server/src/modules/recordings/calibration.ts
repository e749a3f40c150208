import type { Activity } from '@cordata/contract';
import {
  calibratedMinutes,
  calibrationFactor,
  type DeclaredLevel,
  groupMovingTime,
  type RouteEffort,
} from '@cordata/geo';

/** A past outing's estimate against its real time (calibrationOutcomesSql). */
export interface CalibrationOutcome {
  scope: 'GROUP' | 'SPORT';
  modelMinutes: number;
  realMinutes: number;
}

/**
 * The group's moving time (packages/geo groupMovingTime) calibrated by the real times of past outings
 * (docs/recordings.md): the group's own for the sport when it has enough, else every outing of the sport here.
 */
export function calibratedGroupMovingTime(
  sportId: string,
  effort: RouteEffort,
  levels: DeclaredLevel[],
  outcomes: CalibrationOutcome[],
): Activity['groupMovingTime'] {
  const group = groupMovingTime(sportId, effort, levels);
  if (!group) return null;
  const factorOf = (scope: CalibrationOutcome['scope']) => {
    const found = calibrationFactor(
      outcomes
        .filter((o) => o.scope === scope)
        .map((o) => ({ estimatedMinutes: o.modelMinutes, realMinutes: o.realMinutes })),
    );
    return found && { scope, ...found };
  };
  const calibration = factorOf('GROUP') ?? factorOf('SPORT');
  return {
    ...group,
    modelMinutes: group.minutes,
    minutes: calibration ? calibratedMinutes(group.minutes, calibration.factor) : group.minutes,
    calibration,
  };
}
