import type { Recap } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../state/queryClient.ts';
import { signedInInEnglish, stubCalls } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import { anActivity, aUser, id } from '../../testing/fixtures.ts';
import { useFeedbackStore } from '../feedback.ts';
import { ActivityRecap, showsRecap } from './Recap.tsx';

vi.mock('../Map/MapCanvas.tsx', () => ({ default: () => null }));
signedInInEnglish();

const ann = aUser({ userId: id(0xa1), firstName: 'Ann', lastName: 'Alpi' });
const ben = aUser({ userId: id(0xb2), firstName: 'Ben', lastName: 'Boschi' });
const recap = (over: Partial<Recap> = {}): Recap => ({
  activityId: id(0xff),
  name: 'Resegone',
  sportId: 'hiking',
  startsAt: '2026-11-24T08:00:00.000Z',
  endsAt: '2026-11-24T10:30:00.000Z',
  attendees: [
    { ...ann, isAdmin: true, attendance: 'ATTENDED' },
    { ...ben, isAdmin: false, attendance: 'NO_SHOW' },
  ],
  route: {
    points: [
      { latitude: 45.85, longitude: 9.39 },
      { latitude: 45.86, longitude: 9.45 },
    ],
    breaks: [],
    totalDistance: 4800,
    totalElevationGain: 640,
    durationMinutes: 150,
  },
  albumOpenUntil: '2026-12-01T10:30:00.000Z',
  canUpload: true,
  photos: [
    {
      photoId: id(1),
      uploader: ben,
      createdAt: '2026-11-24T12:00:00.000Z',
      url: 'https://x/1?sig=a',
      canDelete: false,
    },
    { photoId: id(2), uploader: ann, createdAt: '2026-11-24T11:00:00.000Z', url: 'https://x/2?sig=b', canDelete: true },
  ],
  ...over,
});
const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ActivityRecap activity={anActivity({ activityId: id(0xff) })} />
    </QueryClientProvider>,
  );

describe('the recap on the activity page', () => {
  it('is shown from the end, to the people taking part only', () => {
    const ended = { endsAt: '2026-11-24T10:30:00.000Z' };
    const now = new Date('2026-11-24T10:30:00.000Z');
    expect(showsRecap(anActivity({ ...ended, status: 'PARTICIPATING' }), now)).toBe(true);
    expect(showsRecap(anActivity({ ...ended, status: 'PARTICIPATING' }), new Date(now.getTime() - 1))).toBe(false);
    expect(showsRecap(anActivity({ ...ended, status: 'NONE' }), now)).toBe(false);
    expect(showsRecap(anActivity({ ...ended, status: 'WAITLISTED' }), now)).toBe(false);
  });

  it('says who came, the route’s figures, and each photo with its uploader; delete only where allowed', async () => {
    stubCalls({ 'activity/read-recap': () => ({ recap: recap() }) });
    show();
    await screen.findByTestId('recap');
    // A no-show is listed with the mark, and not counted among who came.
    expect(screen.getByTestId('recap-attendees').querySelector('h4')?.textContent).toBe('Who came (1)');
    expect(screen.getAllByTestId('recap-attendee')[1]!.textContent).toContain('No-show');
    expect(screen.getByTestId('recap-distance').textContent).toBe('4.8 km');
    expect(screen.getByTestId('recap-time').textContent).toBe('2 h 30 min');
    expect(screen.getAllByTestId('recap-photo-uploader').map((e) => e.textContent)).toEqual(['Ben Boschi', 'Ann Alpi']);
    const photos = screen.getAllByTestId('recap-photo');
    expect(photos.map((p) => !!p.querySelector('[data-testid="recap-photo-delete"]'))).toEqual([false, true]);
    expect(screen.getByTestId('recap-photo-input')).toBeTruthy();
    // The album leads, under the title (issue 44); who came and the route follow.
    const sections = [...screen.getByTestId('recap').children].map((e) => (e as HTMLElement).dataset.testid ?? '');
    expect(sections.filter(Boolean)).toEqual(['recap-album', 'recap-attendees', 'recap-route']);
  });

  it('draws the route in pieces where it was cut around someone’s privacy zone', async () => {
    const points = [0, 1, 2, 3, 4].map((i) => ({ latitude: 45.85 + i / 100, longitude: 9.39 }));
    const route = { ...recap().route, points, breaks: [2] };
    stubCalls({ 'activity/read-recap': () => ({ recap: recap({ route }) }) });
    show();
    expect((await screen.findByTestId('recap-map')).getAttribute('data-route-pieces')).toBe('2');
  });

  it('deletes a photo after confirming; a closed album offers no upload', async () => {
    const calls = stubCalls({
      'activity/read-recap': () => ({ recap: recap({ canUpload: false }) }),
      'activity/delete-recap-photo': () => ({ ok: true }),
    });
    show();
    fireEvent.click(await screen.findByTestId('recap-photo-delete'));
    expect(screen.queryByTestId('recap-photo-input')).toBeNull();
    expect(screen.getByTestId('recap-album').textContent).toContain('The album is closed to new photos.');
    await eventually(() => expect(useFeedbackStore.getState().current?.title).toBe('Delete the photo'));
    useFeedbackStore.getState().dismiss(true);
    await eventually(() =>
      expect(calls.find((c) => c.path === 'activity/delete-recap-photo')?.body).toEqual({
        activityId: id(0xff),
        photoId: id(2),
      }),
    );
  });
});
