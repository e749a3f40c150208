import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { leaveApp } from '../../screens/AuthCallback/sso.ts';
import { recapKeys } from './recap.ts';

/** The person's Strava link (issue 42, docs/recordings.md). */
export const stravaKeys = {
  connection: ['strava', 'read-connection'] as const,
};

export function useStravaConnectionQuery() {
  return useQuery({
    queryKey: stravaKeys.connection,
    queryFn: async () => (await api('strava/read-connection')).strava,
  });
}

/**
 * Leaves for Strava's consent page, which comes back to /strava/callback (StravaCallback.tsx): in the browser, or on
 * a phone through the app link, as single sign-on does.
 */
export async function startStravaConnection() {
  const { authorizeUrl } = await api('strava/connect');
  leaveApp(authorizeUrl);
}

export function useDisconnectStravaMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('strava/disconnect'),
    onSuccess: (answer) => {
      client.setQueryData(stravaKeys.connection, answer.strava);
      // Every track that came from Strava is gone: the recaps that showed one change.
      void client.invalidateQueries({ queryKey: recapKeys.all });
    },
  });
}
