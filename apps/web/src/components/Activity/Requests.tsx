import type { Activity } from '@cordata/contract';
import { useAcceptRequestMutation, useRejectRequestMutation, useRequestsQuery } from '../../state/queries/activity.ts';
import { ConsentState } from '../Consent/ConsentState.tsx';
import { JoinRequests } from '../People/JoinRequests.tsx';
import { RequesterRecord } from './Attendance.tsx';

/**
 * The activity's pending requests, on a closed activity with the requester's attendance record (docs/attendance.md):
 * its admins accept or reject each with a reason; a group activity's ride leaders and group admins read them.
 */
export function Requests({ activity }: { activity: Activity }) {
  const { activityId } = activity;
  const query = useRequestsQuery(activityId, activity.isAdmin || activity.takesAttendance);
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
      about={(r) => (
        <>
          {activity.access === 'CLOSED' && <RequesterRecord record={r.record} />}
          {activity.consent && <ConsentState given={r.consent} version={activity.consent.version} />}
        </>
      )}
      answers={
        activity.isAdmin
          ? {
              accept: (userId) => accept.mutateAsync({ activityId, userId }),
              reject: (userId, reason) => reject.mutateAsync({ activityId, userId, reason }),
            }
          : null
      }
    />
  );
}
