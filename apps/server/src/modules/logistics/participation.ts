import type { ServerToClientEvents } from '@cordata/contract';
import type { Realtime } from '../../realtime/realtime.ts';
import type { MembershipRepository } from '../membership/membership.repository.ts';

/**
 * Carpools and gear are for the people taking part in an activity (their calls ask `access.require` with
 * `as: 'participant'`); this tells those people when the logistics changed.
 */
export function createParticipation(deps: {
  memberships: Pick<MembershipRepository, 'memberIds'>;
  realtime: Pick<Realtime, 'toUser'>;
}) {
  /** Tells everyone taking part that the activity's logistics changed (they refetch what they may see). */
  async function broadcast(event: Parameters<ServerToClientEvents['logistics']>[0]) {
    const userIds = await deps.memberships.memberIds('activity', event.activityId, { state: 'PARTICIPATING' });
    for (const userId of userIds) deps.realtime.toUser(userId, 'logistics', event);
  }

  return { broadcast };
}

export type Participation = ReturnType<typeof createParticipation>;
