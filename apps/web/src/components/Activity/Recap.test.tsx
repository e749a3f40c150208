import type { MyRecording, Recap, RecapLine } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../state/queryClient.ts';
import { refusal, signedInInEnglish, stubCalls } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import { FakeUpload } from '../../testing/fake-upload.ts';
import { anActivity, aUser, id } from '../../testing/fixtures.ts';
import { useFeedbackStore } from '../feedback.ts';
import { useToastStore } from '../toast.ts';
import { ActivityRecap, showsRecap } from './Recap.tsx';
import { recordingType } from './recording.ts';

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
  lines: [],
  myRecording: null,
  canAddRecording: false,
  movingTime: { realMinutes: null, recordings: 0, estimatedMinutes: 150 },
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
    // No recording, and too late to add one: nothing about recordings, nor a real time.
    expect(screen.queryByTestId('recap-recording')).toBeNull();
    expect(screen.queryByTestId('recap-real-time')).toBeNull();
    expect(screen.queryByTestId('recap-legend')).toBeNull();
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

const FILE_URL = 'https://cordata.test/files/recording/r1.fit';
const mine = (over: Partial<MyRecording> = {}): MyRecording => ({
  activityId: id(0xff),
  source: 'FILE',
  startedAt: '2026-11-24T08:04:00.000Z',
  movingMinutes: 160,
  distance: 11_240,
  onRouteShare: 0.86,
  shared: true,
  canShare: true,
  ...over,
});
const line = (over: Partial<RecapLine> = {}): RecapLine => ({
  person: ann,
  mine: false,
  source: 'FILE',
  points: recap().route.points,
  breaks: [],
  movingMinutes: 185,
  distance: 4900,
  ...over,
});
const chooseFile = async (name: string, type = '') => {
  const file = new File([new Uint8Array(4096)], name, { type });
  fireEvent.change(await screen.findByTestId('recap-recording-input'), { target: { files: [file] } });
  return file;
};

describe('your recording in the recap (issue 42)', () => {
  it('reads the content type from the file’s name, since a phone often gives none', () => {
    expect(recordingType({ name: 'Morning_Hike.FIT', type: '' })).toBe('application/vnd.ant.fit');
    expect(recordingType({ name: 'run.tcx', type: 'application/octet-stream' })).toBe('application/vnd.garmin.tcx+xml');
    expect(recordingType({ name: 'track.gpx', type: '' })).toBe('application/gpx+xml');
    expect(recordingType({ name: 'export', type: 'application/gpx+xml' })).toBe('application/gpx+xml');
    expect(recordingType({ name: 'notes.txt', type: 'text/plain' })).toBeNull();
  });

  it('uploads the watch’s file, adds it, and shows what was matched', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    FakeUpload.all = [];
    let current = recap({ canAddRecording: true });
    const calls = stubCalls({
      'activity/read-recap': () => ({ recap: current }),
      'upload/get-upload-url': () => ({
        uploadUrl: 'https://cordata.test/upload/r1',
        method: 'PUT',
        headers: {},
        fileUrl: FILE_URL,
        expiresAt: '2026-11-24T13:00:00.000Z',
      }),
      'recording/add': () => {
        current = recap({ canAddRecording: true, myRecording: mine() });
        return { recording: mine() };
      },
    });
    show();
    expect((await screen.findByTestId('recap-add-recording')).textContent).toBe('Add the file from your watch');
    await chooseFile('Morning_Hike.fit');
    await eventually(() => expect(FakeUpload.last).not.toBeNull());
    expect(calls.find((c) => c.path === 'upload/get-upload-url')?.body).toEqual({
      purpose: 'RECORDING',
      contentType: 'application/vnd.ant.fit',
      size: 4096,
    });
    expect(FakeUpload.last!.method).toBe('PUT');
    expect(FakeUpload.last!.target).toBe('https://cordata.test/upload/r1');
    expect(screen.getByTestId('recap-recording-progress')).toBeTruthy();
    FakeUpload.last!.finish();
    await eventually(() =>
      expect(calls.find((c) => c.path === 'recording/add')?.body).toEqual({
        activityId: id(0xff),
        fileUrl: FILE_URL,
      }),
    );
    expect((await screen.findByTestId('recap-recording-time')).textContent).toBe('2 h 40 min');
    expect(screen.getByTestId('recap-recording-distance').textContent).toBe('11.2 km');
    expect(screen.getByTestId('recap-recording-on-route').textContent).toBe('86%');
    expect(screen.getByTestId('recap-add-recording').textContent).toBe('Replace with another file');
    expect(screen.queryByTestId('recap-recording-progress')).toBeNull();
    await eventually(() =>
      expect(useToastStore.getState().current?.description).toBe('Your recording matches this outing.'),
    );
  });

  it('says in plain words whether the start or the route did not match, with the figures', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    FakeUpload.all = [];
    let details: Record<string, unknown> = { reason: 'START', startOffsetMinutes: 90, onRouteShare: 0.9 };
    stubCalls({
      'activity/read-recap': () => ({ recap: recap({ canAddRecording: true }) }),
      'upload/get-upload-url': () => ({
        uploadUrl: 'https://cordata.test/upload/r1',
        method: 'PUT',
        headers: {},
        fileUrl: FILE_URL,
        expiresAt: '2026-11-24T13:00:00.000Z',
      }),
      'recording/add': () => refusal('RECORDING_NOT_MATCHED', 422, details),
    });
    show();
    await chooseFile('late.fit');
    await eventually(() => expect(FakeUpload.last).not.toBeNull());
    FakeUpload.last!.finish();
    expect((await screen.findByTestId('recap-recording-error')).textContent).toBe(
      'This recording starts 1 h 30 min after the activity: it must start within an hour of the start.',
    );

    details = { reason: 'ROUTE', startOffsetMinutes: 5, onRouteShare: 0.45 };
    FakeUpload.all = [];
    await chooseFile('elsewhere.gpx');
    await eventually(() => expect(FakeUpload.last).not.toBeNull());
    FakeUpload.last!.finish();
    await eventually(() =>
      expect(screen.getByTestId('recap-recording-error').textContent).toBe(
        'Only 45% of this recording follows the planned route: it must follow it for more than half of its time.',
      ),
    );

    // Another kind of file is not even sent.
    FakeUpload.all = [];
    await chooseFile('notes.txt', 'text/plain');
    expect(screen.getByTestId('recap-recording-error').textContent).toBe('Choose a FIT, TCX or GPX file.');
    expect(FakeUpload.last).toBeNull();
  });

  it('lets the owner show a file’s line to the others, but not a Strava one, and says why', async () => {
    let current = recap({ canAddRecording: true, myRecording: mine({ shared: false }) });
    const calls = stubCalls({
      'activity/read-recap': () => ({ recap: current }),
      'recording/set-shared': ({ shared }) => {
        current = recap({ canAddRecording: true, myRecording: mine({ shared }) });
        return { recording: mine({ shared }) };
      },
    });
    const { unmount } = show();
    const share = (await screen.findByTestId('recap-recording-share')) as HTMLInputElement;
    expect(share.disabled).toBe(false);
    expect(share.checked).toBe(false);
    expect(screen.getByTestId('recap-recording-share-hint').textContent).toBe('Only you see your line.');
    fireEvent.click(share);
    await eventually(() =>
      expect(calls.find((c) => c.path === 'recording/set-shared')?.body).toEqual({
        activityId: id(0xff),
        shared: true,
      }),
    );
    await eventually(() =>
      expect((screen.getByTestId('recap-recording-share') as HTMLInputElement).checked).toBe(true),
    );
    unmount();

    stubCalls({
      'activity/read-recap': () => ({
        recap: recap({ myRecording: mine({ source: 'STRAVA', shared: false, canShare: false }) }),
      }),
    });
    show();
    const strava = (await screen.findByTestId('recap-recording-share')) as HTMLInputElement;
    expect(strava.disabled).toBe(true);
    expect(screen.getByTestId('recap-recording-share-hint').textContent).toBe(
      'Strava’s terms let only you see it: upload the file from your watch to share it.',
    );
    expect(screen.getByTestId('recap-recording').textContent).toContain('From your Strava account.');
    // Past the 7 days: nothing to add, but the recording can still be deleted.
    expect(screen.queryByTestId('recap-add-recording')).toBeNull();
    expect(screen.getByTestId('recap-recording-delete')).toBeTruthy();
  });

  it('deletes the recording after confirming', async () => {
    const calls = stubCalls({
      'activity/read-recap': () => ({ recap: recap({ canAddRecording: true, myRecording: mine() }) }),
      'recording/delete': () => ({ ok: true }),
    });
    show();
    fireEvent.click(await screen.findByTestId('recap-recording-delete'));
    await eventually(() => expect(useFeedbackStore.getState().current?.title).toBe('Delete my recording'));
    useFeedbackStore.getState().dismiss(true);
    await eventually(() =>
      expect(calls.find((c) => c.path === 'recording/delete')?.body).toEqual({ activityId: id(0xff) }),
    );
  });

  it('draws the real lines beside the route with a legend, and the real time beside the estimate', async () => {
    const points = [0, 1, 2, 3, 4].map((i) => ({ latitude: 45.85 + i / 100, longitude: 9.39 }));
    stubCalls({
      'activity/read-recap': () => ({
        recap: recap({
          myRecording: mine(),
          lines: [
            line({ person: ben, mine: true, movingMinutes: 190 }),
            // Cut around a privacy zone: drawn in two pieces.
            line({ person: ann, points, breaks: [2], movingMinutes: 185 }),
          ],
          movingTime: { realMinutes: 190, recordings: 2, estimatedMinutes: 175 },
        }),
      }),
    });
    show();
    const map = await screen.findByTestId('recap-map');
    expect(map.getAttribute('data-extra-lines')).toBe('2');
    expect(map.getAttribute('data-extra-pieces')).toBe('3');
    expect(screen.getAllByTestId('recap-legend-line').map((l) => l.textContent)).toEqual([
      'You · 3 h 10 min',
      'Ann · 3 h 5 min',
    ]);
    expect(screen.getByTestId('recap-legend').textContent).toContain('Planned route');
    expect(screen.getByTestId('recap-real-time').textContent).toBe(
      'Real moving time 3 h 10 min (2 recordings) · estimated 2 h 55 min',
    );
  });
});
