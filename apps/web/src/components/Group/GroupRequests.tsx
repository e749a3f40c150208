import type { Group } from '@cordata/contract';
import {
  useAcceptGroupRequestMutation,
  useGroupRequestsQuery,
  useRejectGroupRequestMutation,
} from '../../state/queries/group.ts';
import { ConsentState } from '../Consent/ConsentState.tsx';
import { JoinRequests } from '../People/JoinRequests.tsx';

/** Admin: the group's pending requests, each accepted or rejected with a reason. */
export function GroupRequests({ group }: { group: Group }) {
  const { groupId } = group;
  const query = useGroupRequestsQuery(groupId, group.isAdmin);
  const accept = useAcceptGroupRequestMutation();
  const reject = useRejectGroupRequestMutation();
  const requests = query.data?.pages.flatMap((p) => p.requests) ?? [];
  if (group.type === 'OPEN' && requests.length === 0) return null;
  return (
    <JoinRequests
      owner="group"
      ownerId={groupId}
      requests={requests}
      pending={query.isPending}
      more={query.hasNextPage ? () => void query.fetchNextPage() : null}
      about={(r) => group.consent && <ConsentState given={r.consent} version={group.consent.version} />}
      answers={{
        accept: (userId) => accept.mutateAsync({ groupId, userId }),
        reject: (userId, reason) => reject.mutateAsync({ groupId, userId, reason }),
      }}
    />
  );
}
