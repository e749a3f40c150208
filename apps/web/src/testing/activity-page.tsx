import type { Activity } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ActivityDetails } from '../components/Activity/ActivityDetails.tsx';
import { createQueryClient } from '../state/queryClient.ts';
import { type CallAnswers, stubCalls } from './api-stub.ts';

/**
 * The page of `activity` as the app shows it, with what it asks for answered: the activity, no participants, no
 * sports; `more` answers further calls. Returns the calls made.
 */
export function showActivityPage(activity: Activity, more: CallAnswers = {}) {
  const calls = stubCalls({
    'activity/read-info': () => ({ activity }),
    'activity/list-participants': () => ({ participants: [] }),
    'sport/list-all': () => ({ sports: [] }),
    ...more,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ActivityDetails activityId={activity.activityId} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}
