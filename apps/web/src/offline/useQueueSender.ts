import type { QueuedEvent } from '@cordata/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/client.ts';
import { useIsLoggedIn } from '../state/auth.ts';
import { startQueueSender } from './queue.ts';

const deliver = (events: QueuedEvent[]) => api('safety/deliver-queued', { events });

/**
 * Sends the events queued without signal when the app starts and whenever the network returns (docs/safety.md
 * "Without signal"), then refetches the safety panels, which show them with their original time.
 */
export function useQueueSender() {
  const client = useQueryClient();
  const loggedIn = useIsLoggedIn();
  useEffect(() => {
    if (!loggedIn) return;
    return startQueueSender({ deliver }, () => void client.invalidateQueries({ queryKey: ['activity', 'safety'] }));
  }, [loggedIn, client]);
}
