import type { DbOrTx } from '../../db/client.ts';

export interface OutgoingPoint {
  latitude: number;
  longitude: number;
}

/**
 * The one door through which every point of a person that the safety loop shows someone else passes: live positions,
 * the last known position, and the planned route on the emergency page. It drops the points that fall in the owner's
 * privacy zones for everyone but the owner (issue 23's privacy zones).
 */
export type OutgoingPoints = <P extends OutgoingPoint>(
  ownerId: string,
  viewerId: string | null,
  points: P[],
  tx?: DbOrTx,
) => Promise<P[]>;

/** Until privacy zones exist there is nothing to trim: every point goes out as it is. */
export const untrimmedPoints: OutgoingPoints = async (_owner, _viewer, points) => points;
