import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../state/queryClient.ts';
import { signedInInEnglish, stubCalls } from '../../testing/api-stub.ts';
import { anActivitySummary } from '../../testing/fixtures.ts';
import Calendar from './Calendar.tsx';

signedInInEnglish();

describe('the calendar', () => {
  it("shows the organiser's own full activity as theirs, never as one to join the waitlist of", async () => {
    const mine = anActivitySummary({
      name: 'Sunday ride',
      isAdmin: true,
      status: 'PARTICIPATING',
      seats: 3,
      seatsLeft: 0,
    });
    const theirs = anActivitySummary({ activityId: '01900000-0000-7000-8000-0000000000aa', seats: 3, seatsLeft: 0 });
    stubCalls({
      'activity/count-daily': () => ({ days: [] }),
      'activity/list-daily': () => [mine, theirs],
      'notification/check-new': () => ({ count: 0 }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <Calendar />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const tags = await screen.findAllByTestId('activity-card-seats');
    expect(tags.map((tag) => tag.textContent)).toEqual(['You organise · every seat taken', 'Full — join the waitlist']);
  });
});
