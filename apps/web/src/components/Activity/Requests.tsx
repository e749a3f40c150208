import type { Activity } from '@cordata/contract';
import { useAcceptRequestMutation, useRejectRequestMutation, useRequestsQuery } from '../../state/queries/activity.ts';
import { JoinRequests } from '../People/JoinRequests.tsx';
import { RequesterRecord } from './Attendance.tsx';

/**
 * Admin: the activity's pending requests, each accepted or rejected with a reason; on a closed activity, with the
 * requester's attendance record (docs/attendance.md).
 */
export function Requests({ activity }: { activity: Activity }) {
  const { activityId } = activity;
  const query = useRequestsQuery(activityId, activity.isAdmin);
  const accept = useAcceptRequestMutation();
  const reject = useRejectRequestMutation();
  const requests = query.data?.pages.flatMap((p) => p.requests) ?? [];
  if (activity.access === 'OPEN' && requests.length === 0) return null;
  return (
    <JoinRequests
      owner="activity"
      ownerId={activityId}
      requests={requests}
      pending={query.isPending}
      more={query.hasNextPage ? () => void query.fetchNextPage() : null}
      about={(r) => (activity.access === 'CLOSED' ? <RequesterRecord record={r.record} /> : null)}
      answers={{
        accept: (userId) => accept.mutateAsync({ activityId, userId }),
        reject: (userId, reason) => reject.mutateAsync({ activityId, userId, reason }),
      }}
    />
  );
}
