import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../state/queryClient.ts';
import { signedInInEnglish, stubApi } from '../../testing/api-stub.ts';
import { anActivity, aParticipant, id } from '../../testing/fixtures.ts';
import { ActivityDetails, isUnderWay } from './ActivityDetails.tsx';

vi.mock('../Map/MapCanvas.tsx', () => ({ default: () => null }));
signedInInEnglish();

const HOUR = 3_600_000;
const at = (fromNow: number) => new Date(Date.now() + fromNow).toISOString();
const people = ['Anna', 'Bruno', 'Carla', 'Dario', 'Elena', 'Fabio', 'Gina'].map((firstName, i) =>
  aParticipant({ userId: id(400 + i), firstName, profilePicture: i === 0 ? '/uploads/pictures/anna.webp' : null }),
);

function open(activity: ReturnType<typeof anActivity>, participants: 'public' | 'private' = 'public') {
  stubApi((path) => {
    switch (path) {
      case 'activity/read-info':
        return { json: { activity } };
      case 'activity/list-participants':
        return participants === 'public'
          ? { json: { participants: people } }
          : { status: 403, json: { error: { code: 'FORBIDDEN', message: 'FORBIDDEN' } } };
      case 'activity/safety':
        return {
          json: {
            safety: {
              activityId: activity.activityId,
              plannedReturnAt: activity.endsAt,
              plannedReturnSet: false,
              opensAt: activity.startsAt,
              closesAt: at(4 * HOUR),
              state: 'OPEN',
              allBackAt: null,
              me: { sharing: false, economy: false, backAt: null, emergencyContacts: 1 },
              people: [],
            },
          },
        };
      default:
        return { status: 404, json: { error: { code: 'NOT_FOUND', message: 'NOT_FOUND' } } };
    }
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ActivityDetails activityId={activity.activityId} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the activity page changes with the outing (issue 44)', () => {
  it('before: who is going at the top, with faces, up to five and the count', async () => {
    open(anActivity({ participantsCount: 7, startsAt: at(24 * HOUR), endsAt: at(26 * HOUR) }));
    const going = await screen.findByTestId('activity-going');
    expect(going.textContent).toContain('7 going');
    await screen.findByText('+2');
    expect(going.querySelectorAll('.avatar:not(.avatar-more)')).toHaveLength(5);
    expect(going.closest('header')).not.toBeNull();
    // The plain route facts come before the map.
    const stats = screen.getByTestId('activity-stats');
    const follows = stats.compareDocumentPosition(screen.getByTestId('activity-map'));
    expect(follows & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('where the participants are private, only how many', async () => {
    open(anActivity({ participantsCount: 3, startsAt: at(24 * HOUR), endsAt: at(26 * HOUR) }), 'private');
    const going = await screen.findByTestId('activity-going');
    expect(going.textContent).toBe('3 going');
    expect(going.querySelector('.avatar')).toBeNull();
  });

  it('during: the way to the meeting point and the safety card come first, right under the title', async () => {
    open(anActivity({ status: 'PARTICIPATING', participantsCount: 2, startsAt: at(-HOUR), endsAt: at(HOUR) }));
    const safety = await screen.findByTestId('safety');
    const header = screen.getByTestId('activity-details').querySelector('header')!;
    const directions = header.nextElementSibling as HTMLAnchorElement;
    expect(directions.dataset.testid).toBe('activity-directions');
    expect(directions.textContent).toBe('Directions');
    expect(directions.href).toBe('https://www.openstreetmap.org/directions?route=%3B45.46%2C9.19');
    expect(directions.nextElementSibling).toBe(safety);
    expect(screen.getAllByTestId('safety')).toHaveLength(1);
    expect(screen.getAllByTestId('activity-directions')).toHaveLength(1);
  });

  it('two hours before: the way to the meeting point leads, the safety card still waits below', async () => {
    open(anActivity({ status: 'PARTICIPATING', participantsCount: 2, startsAt: at(HOUR), endsAt: at(3 * HOUR) }));
    const safety = await screen.findByTestId('safety');
    const header = screen.getByTestId('activity-details').querySelector('header')!;
    expect(header.nextElementSibling).toBe(screen.getByTestId('activity-directions'));
    expect(header.nextElementSibling?.nextElementSibling).not.toBe(safety);
  });

  it('days before: a small link beside the meeting point', async () => {
    open(anActivity({ status: 'PARTICIPATING', participantsCount: 2, startsAt: at(48 * HOUR), endsAt: at(50 * HOUR) }));
    const where = await screen.findByTestId('activity-where');
    expect(where.querySelector('[data-testid="activity-directions"]')).not.toBeNull();
    expect(screen.getAllByTestId('activity-directions')).toHaveLength(1);
  });

  it('before the start the safety card stays below the route', async () => {
    open(anActivity({ status: 'PARTICIPATING', participantsCount: 2, startsAt: at(HOUR), endsAt: at(3 * HOUR) }));
    const safety = await screen.findByTestId('safety');
    expect(screen.getByTestId('activity-details').querySelector('header')?.nextElementSibling).not.toBe(safety);
  });

  it('isUnderWay: from the start, until the end', () => {
    const activity = { startsAt: '2026-12-01T09:00:00.000Z', endsAt: '2026-12-01T11:00:00.000Z' };
    expect(isUnderWay(activity, new Date('2026-12-01T08:59:59Z'))).toBe(false);
    expect(isUnderWay(activity, new Date('2026-12-01T09:00:00Z'))).toBe(true);
    expect(isUnderWay(activity, new Date('2026-12-01T11:00:00Z'))).toBe(false);
  });
});
