import type { Activity } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { setPlatform } from '../../native/index.ts';
import { createFakePlatform, FileWriteError, type NativeShareOutcome, webPlatform } from '../../native/platform.ts';
import { useSheetStore } from '../../sheets/store.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { signedInInEnglish, stubApi } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import { anActivity } from '../../testing/fixtures.ts';
import { useFeedbackStore } from '../feedback.ts';
import { useToastStore } from '../toast.ts';
import { ActivityBar } from './ActivityBar.tsx';

const ACTIVITY = '01900000-0000-7000-8000-0000000000ff';
const inTwoDays = (hours: number) => new Date(Date.now() + 48 * 3_600_000 + hours * 3_600_000).toISOString();

const activity = (over: Partial<Activity>) =>
  anActivity({
    activityId: ACTIVITY,
    name: 'Morning run',
    status: 'NONE',
    isAdmin: false,
    isOnlyAdmin: false,
    access: 'OPEN',
    startsAt: inTwoDays(0),
    endsAt: inTwoDays(2),
    chatId: null,
    pendingRequestsCount: 0,
    blockedParticipantsCount: 0,
    group: null,
    ...over,
  });

const show = (a: Activity, onReport?: () => void) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ActivityBar activity={a} onReport={onReport} />
    </QueryClientProvider>,
  );

signedInInEnglish();

describe('the activity action bar', () => {
  it('leads with Join for a stranger, beside Share and Calendar, and offers Report in the menu', () => {
    show(activity({}), () => {});
    expect(screen.getByTestId('activity-action-join').textContent).toBe('Join');
    expect(screen.queryByTestId('activity-chat')).toBeNull();
    expect(screen.getByTestId('activity-share')).toBeTruthy();
    expect(screen.getByTestId('activity-add-to-calendar')).toBeTruthy();
    fireEvent.click(screen.getByTestId('activity-menu'));
    expect(screen.getByRole('menuitem', { name: 'Report' })).toBeTruthy();
  });

  it("says You're in to a participant, opens the chat, and keeps Leave in the menu", () => {
    show(activity({ status: 'PARTICIPATING', chatId: '01900000-0000-7000-8000-0000000000cc' }));
    expect(screen.getByTestId('activity-standing-in').textContent).toBe("You're in");
    expect(screen.getByTestId('activity-chat').textContent).toBe('Chat');
    fireEvent.click(screen.getByTestId('activity-menu'));
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Leave', 'Download GPX']);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Leave' }));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('activity-menu'));
  });

  it('keeps Delete apart from Edit for an admin, with no Report', () => {
    show(activity({ status: 'PARTICIPATING', isAdmin: true, access: 'CLOSED', pendingRequestsCount: 2 }));
    fireEvent.click(screen.getByTestId('activity-menu'));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Edit',
      'Invite',
      'Requests (2)',
      'Leave',
      'Download GPX',
      'Delete',
    ]);
    expect(items.at(-1)!.className).toContain('apart');
    expect(items.at(-1)!.className).toContain('destructive');
  });

  it('warns the only admin before leaving, without calling the server', async () => {
    const calls = stubApi(() => ({ json: {} }));
    show(activity({ status: 'PARTICIPATING', isAdmin: true, isOnlyAdmin: true }));
    fireEvent.click(screen.getByTestId('activity-menu'));
    fireEvent.click(screen.getByTestId('activity-action-leave'));
    await eventually(() => expect(useFeedbackStore.getState().current?.title).toBe('You are the only admin'));
    expect(calls.some((c) => c.path === 'activity/exit')).toBe(false);
  });

  it('hands the calendar file over', async () => {
    const calls = stubApi(() => ({ json: { fileName: 'morning-run.ics', ics: 'BEGIN:VCALENDAR' } }));
    const created = vi.fn(() => 'blob:calendar');
    URL.createObjectURL = created;
    URL.revokeObjectURL = () => {};
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    show(activity({}));
    fireEvent.click(screen.getByTestId('activity-add-to-calendar'));
    await eventually(() => expect(clicked).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ path: 'calendar/activity-ics', body: { activityId: ACTIVITY } });
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('morning-run.ics');
    clicked.mockRestore();
  });
});

describe('the bar after the end (issue 44)', () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  const ended = { startsAt: hoursAgo(3), endsAt: hoursAgo(1) };

  it('offers the album instead of Calendar to whoever took part, and takes them to it', () => {
    show(activity({ ...ended, status: 'PARTICIPATING' }));
    expect(screen.queryByTestId('activity-add-to-calendar')).toBeNull();
    const album = screen.getByTestId('activity-album');
    expect(album.textContent).toBe('Album');
    const section = document.createElement('section');
    section.dataset.testid = 'recap-album';
    const scrolled = vi.fn();
    section.scrollIntoView = scrolled;
    document.body.append(section);
    fireEvent.click(album);
    expect(scrolled).toHaveBeenCalledOnce();
    section.remove();
  });

  it('offers neither to someone who did not take part: there is nothing to add to a calendar', () => {
    show(activity({ ...ended, status: 'NONE' }));
    expect(screen.queryByTestId('activity-add-to-calendar')).toBeNull();
    expect(screen.queryByTestId('activity-album')).toBeNull();
    expect(screen.getByTestId('activity-share')).toBeTruthy();
  });

  it('keeps Calendar while it is under way, in Italian too', async () => {
    show(activity({ startsAt: hoursAgo(1), endsAt: hoursAgo(-1), status: 'PARTICIPATING' }));
    expect(screen.getByTestId('activity-add-to-calendar').textContent).toBe('Calendar');
    expect(screen.queryByTestId('activity-album')).toBeNull();
    expect(i18n.getFixedT('it')('activity.view.album')).toBe('Album');
  });
});

describe('Download GPX', () => {
  const GPX = '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1"><trk><name>Morning run</name></trk></gpx>\n';
  afterEach(() => setPlatform(webPlatform));

  it('downloads the file the server names, as application/gpx+xml, in a browser', async () => {
    const calls = stubApi(() => ({ json: { fileName: 'morning-run-2026-12-01.gpx', gpx: GPX } }));
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:gpx';
    });
    URL.revokeObjectURL = () => {};
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    show(activity({}));
    fireEvent.click(screen.getByTestId('activity-menu'));
    fireEvent.click(screen.getByTestId('activity-export-gpx'));
    await eventually(() => expect(clicked).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ path: 'route/export-gpx', body: { activityId: ACTIVITY } });
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('morning-run-2026-12-01.gpx');
    expect(blobs[0]!.type).toBe('application/gpx+xml');
    expect(await blobs[0]!.text()).toBe(GPX);
    clicked.mockRestore();
  });

  it('hands the file to the share sheet in the phone app, and explains a file it could not write', async () => {
    stubApi(() => ({ json: { fileName: 'morning-run-2026-12-01.gpx', gpx: GPX } }));
    const fake = createFakePlatform('android', 'push-token');
    setPlatform(fake.platform);
    show(activity({}));
    fireEvent.click(screen.getByTestId('activity-menu'));
    fireEvent.click(screen.getByTestId('activity-export-gpx'));
    await eventually(() => expect(fake.calls.sharedFiles).toHaveLength(1));
    expect(fake.calls.sharedFiles[0]).toEqual({
      fileName: 'morning-run-2026-12-01.gpx',
      contents: GPX,
      mimeType: 'application/gpx+xml',
      title: 'Morning run',
    });

    const failing = createFakePlatform('android', 'push-token', undefined, () =>
      Promise.reject(new FileWriteError('morning-run-2026-12-01.gpx')),
    );
    setPlatform(failing.platform);
    fireEvent.click(screen.getByTestId('activity-menu'));
    fireEvent.click(screen.getByTestId('activity-export-gpx'));
    await eventually(() =>
      expect(useFeedbackStore.getState().current?.description).toBe(
        'The GPX file could not be saved on your phone: check that there is free space and try again.',
      ),
    );
    expect(i18n.getFixedT('it')('activity.view.exportGpx')).toBe('Scarica GPX');
  });

  it('shows the server error when the activity is gone', async () => {
    stubApi(() => ({
      status: 404,
      json: { error: { code: 'ACTIVITY_NOT_FOUND', message: 'Activity not found' } },
    }));
    show(activity({}));
    fireEvent.click(screen.getByTestId('activity-menu'));
    fireEvent.click(screen.getByTestId('activity-export-gpx'));
    await eventually(() => expect(useFeedbackStore.getState().current?.kind).toBe('error'));
  });
});

describe('Share in a browser', () => {
  const link = expect.stringMatching(new RegExp(`/view-activity/${ACTIVITY}$`));
  afterEach(() => {
    vi.unstubAllGlobals();
    useSheetStore.setState({ stack: [] });
    useToastStore.setState({ current: null });
  });

  it('opens the share sheet where there is one, and says nothing more', async () => {
    const shared = vi.fn(() => Promise.resolve());
    const copied = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { share: shared, clipboard: { writeText: copied } });
    show(activity({}));
    fireEvent.click(screen.getByTestId('activity-share'));
    await eventually(() => expect(shared).toHaveBeenCalledWith(expect.objectContaining({ url: link })));
    expect(copied).not.toHaveBeenCalled();
    expect(useSheetStore.getState().stack).toEqual([]);
    expect(useFeedbackStore.getState().current).toBeNull();
  });

  it('copies the link where there is only the clipboard, and says so', async () => {
    const copied = vi.fn((_: string) => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText: copied } });
    show(activity({}));
    fireEvent.click(screen.getByTestId('activity-share'));
    await eventually(() => expect(copied).toHaveBeenCalledWith(link));
    await eventually(() =>
      expect(useToastStore.getState().current?.description).toBe('Link copied: paste it wherever you like.'),
    );
    expect(useSheetStore.getState().stack).toEqual([]);
  });

  it('shows the link to copy by hand where it can be neither shared nor copied, with no error', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    show(activity({}));
    fireEvent.click(screen.getByTestId('activity-share'));
    await eventually(() =>
      expect(useSheetStore.getState().stack.at(-1)).toMatchObject({ type: 'share-link', params: { url: link } }),
    );
    expect(useFeedbackStore.getState().current).toBeNull();
  });

  it('says where the calendar file went once the download starts, in Italian too', async () => {
    stubApi(() => ({ json: { fileName: 'morning-run.ics', ics: 'BEGIN:VCALENDAR' } }));
    URL.createObjectURL = () => 'blob:calendar';
    URL.revokeObjectURL = () => {};
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    show(activity({}));
    fireEvent.click(screen.getByTestId('activity-add-to-calendar'));
    await eventually(() =>
      expect(useToastStore.getState().current?.description).toBe(
        'Calendar file downloaded: open it to add the activity to your calendar.',
      ),
    );
    expect(clicked).toHaveBeenCalled();
    expect(i18n.getFixedT('it')('activity.view.calendarDownloaded')).toBe(
      "File del calendario scaricato: aprilo per aggiungere l'attività al tuo calendario.",
    );
    clicked.mockRestore();
  });
});

describe('Add to calendar and Share in the phone app', () => {
  const ICS = 'BEGIN:VCALENDAR\r\nSUMMARY:Morning run\r\nEND:VCALENDAR\r\n';
  const onPhone = (sheet?: () => Promise<NativeShareOutcome>) => {
    const fake = createFakePlatform('android', 'push-token', undefined, sheet);
    setPlatform(fake.platform);
    return fake;
  };
  afterEach(() => setPlatform(webPlatform));

  it('hands the .ics to the share sheet as text/calendar, with no download', async () => {
    const calls = stubApi(() => ({ json: { fileName: 'morning-run-2026-12-01.ics', ics: ICS } }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fake = onPhone();
    show(activity({}));
    fireEvent.click(screen.getByTestId('activity-add-to-calendar'));
    await eventually(() => expect(fake.calls.sharedFiles).toHaveLength(1));
    expect(calls[0]).toMatchObject({ path: 'calendar/activity-ics', body: { activityId: ACTIVITY } });
    expect(fake.calls.sharedFiles[0]).toEqual({
      fileName: 'morning-run-2026-12-01.ics',
      contents: ICS,
      mimeType: 'text/calendar',
      title: 'Morning run',
    });
    expect(clicked).not.toHaveBeenCalled();
    expect(useFeedbackStore.getState().current).toBeNull();
    clicked.mockRestore();
  });

  it('says nothing when the person closes the share sheet', async () => {
    stubApi(() => ({ json: { fileName: 'morning-run.ics', ics: ICS } }));
    const fake = onPhone(async () => 'cancelled');
    show(activity({}));
    fireEvent.click(screen.getByTestId('activity-add-to-calendar'));
    await eventually(() => expect(fake.calls.sharedFiles).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(useFeedbackStore.getState().current).toBeNull();
  });

  it('explains a file the phone could not write, in English and Italian', async () => {
    stubApi(() => ({ json: { fileName: 'morning-run.ics', ics: ICS } }));
    onPhone(() => Promise.reject(new FileWriteError('morning-run.ics')));
    show(activity({}));
    fireEvent.click(screen.getByTestId('activity-add-to-calendar'));
    await eventually(() => expect(useFeedbackStore.getState().current?.kind).toBe('error'));
    expect(useFeedbackStore.getState().current?.description).toBe(
      'The calendar file could not be saved on your phone: check that there is free space and try again.',
    );
    expect(i18n.getFixedT('it')('activity.view.calendarFileFailed')).toBe(
      'Non è stato possibile salvare il file del calendario sul telefono: controlla che ci sia spazio libero e riprova.',
    );
  });

  it('shares the public link through the share sheet', async () => {
    const fake = onPhone();
    show(activity({}));
    fireEvent.click(screen.getByTestId('activity-share'));
    await eventually(() => expect(fake.calls.sharedLinks).toHaveLength(1));
    expect(fake.calls.sharedLinks[0]).toMatchObject({
      title: 'Morning run',
      text: 'Join me: Morning run on Cordata',
    });
    expect(fake.calls.sharedLinks[0]!.url).toMatch(new RegExp(`/view-activity/${ACTIVITY}$`));
    expect(useFeedbackStore.getState().current).toBeNull();
  });
});
