import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../state/queryClient.ts';
import { signedInInEnglish, stubCalls } from '../../testing/api-stub.ts';
import { anActivitySummary, aUser } from '../../testing/fixtures.ts';
import { ActivityCard } from './ActivityCard.tsx';

signedInInEnglish();

const card = (activity: ReturnType<typeof anActivitySummary>) => {
  stubCalls({ 'sport/list-all': () => ({ sports: [] }) });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ul>
        <ActivityCard activity={activity} />
      </ul>
    </QueryClientProvider>,
  );
};

describe('the activity card (issue 44: faces on cards)', () => {
  it("shows its organiser's picture and first name before the sport and the times", () => {
    card(anActivitySummary({ createdBy: aUser({ firstName: 'Giulia', profilePicture: '/uploads/pictures/g.webp' }) }));
    const line = screen.getByTestId('activity-card-line');
    expect(line.textContent).toBe('Giulia · running · 09:00–11:00');
    expect(line.querySelector('img.avatar')?.getAttribute('src')).toBe('/uploads/pictures/g.webp');
  });

  it('shows initials without a picture, and nothing of an organiser who is gone', () => {
    const { unmount } = card(anActivitySummary({ createdBy: aUser({ firstName: 'Giulia', lastName: 'Rossi' }) }));
    expect(screen.getByTestId('activity-card-line').querySelector('.avatar-initials')?.textContent).toBe('GR');
    unmount();
    card(anActivitySummary({ createdBy: null }));
    const line = screen.getByTestId('activity-card-line');
    expect(line.querySelector('.avatar')).toBeNull();
    expect(line.textContent).toBe('running · 09:00–11:00');
  });
});

describe('the step-free badge (issue 38)', () => {
  it('says "Step-free" where OpenStreetMap says so, and nothing where it has steps or is not known', () => {
    const { unmount } = card(anActivitySummary({ stepFree: true }));
    expect(screen.getByTestId('activity-card-step-free').textContent).toBe('Step-free');
    unmount();
    card(anActivitySummary({ stepFree: false }));
    expect(screen.queryByTestId('activity-card-step-free')).toBeNull();
  });
});
