import type { DbOrTx } from '../../db/client.ts';
import type { PrivacyTrim } from '../privacy/privacy-trim.ts';

export interface OutgoingPoint {
  latitude: number;
  longitude: number;
}

/**
 * The one door through which every point of a person that the safety loop shows someone else passes: live positions,
 * the last known position, and the planned route on the emergency page. It applies the owner's privacy zones
 * (docs/privacy.md) for everyone but the owner; `viewerId` null is a reader without an account (an emergency contact).
 */
export interface OutgoingPoints {
  /** Single positions: those inside the owner's zones are left out. */
  points<P extends OutgoingPoint>(ownerId: string, viewerId: string | null, points: P[], tx?: DbOrTx): Promise<P[]>;
  /** A line (the planned route): cut where it enters and leaves the owner's zones, as its visible pieces. */
  line<P extends OutgoingPoint>(ownerId: string, viewerId: string | null, points: P[]): Promise<P[][]>;
}

export function outgoingPoints(privacy: Pick<PrivacyTrim, 'zonesFor'>): OutgoingPoints {
  return {
    async points(ownerId, viewerId, points, tx) {
      const zones = await privacy.zonesFor(viewerId, [ownerId], tx);
      return zones.visiblePoints(ownerId, points);
    },
    async line(ownerId, viewerId, points) {
      const zones = await privacy.zonesFor(viewerId, [ownerId]);
      return zones.line(ownerId, points).pieces.map((piece) => piece.points);
    },
  };
}
