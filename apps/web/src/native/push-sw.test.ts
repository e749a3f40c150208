import { describe, expect, it, vi } from 'vitest';
import source from '../../public/push-sw.js?raw';

/**
 * The service worker (public/push-sw.js) run as the browser runs it, against a stand-in `self`: what it shows
 * for a push, and what a click on the body or on a button opens.
 */
function loadWorker() {
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => {}) },
    clients: { openWindow: vi.fn(async () => null) },
  };
  new Function('self', source)(self);
  const waited: Promise<unknown>[] = [];
  const fire = (type: string, event: object) =>
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waited.push(p) });
  return { self, fire, settled: () => Promise.all(waited) };
}

const path = '/view-activity/a1';
const alert = {
  title: 'Cordata',
  body: 'Weather alert for Ridge run (starts in 24 h): gusts over your limits. Keep, move, switch to the backup route or cancel?',
  data: { type: 'ACTIVITY_WEATHER_ALERT', targetId: 'a1', notificationId: 'n1', path },
  actions: [
    { action: 'KEEP', title: 'Keep', path: `${path}?weather=KEEP` },
    { action: 'MOVE', title: 'Move', path: `${path}?weather=MOVE` },
    { action: 'SWITCH_BACKUP', title: 'Backup route', path: `${path}?weather=SWITCH_BACKUP` },
    { action: 'CANCEL', title: 'Cancel', path: `${path}?weather=CANCEL` },
  ],
};

async function shown(message: unknown) {
  const w = loadWorker();
  w.fire('push', { data: { json: () => message } });
  await w.settled();
  return w.self.registration.showNotification.mock.calls[0] as unknown as [string, Record<string, unknown>];
}

async function opened(data: unknown, action: string) {
  const w = loadWorker();
  const close = vi.fn();
  w.fire('notificationclick', { action, notification: { data, close } });
  await w.settled();
  expect(close).toHaveBeenCalled();
  return (w.self.clients.openWindow.mock.calls[0] as unknown as [string])[0];
}

describe('the push service worker', () => {
  it('shows a weather alert with one button per answer, each remembering the path it opens', async () => {
    const [title, options] = await shown(alert);
    expect(title).toBe('Cordata');
    expect(options.body).toBe(alert.body);
    expect(options.actions).toEqual([
      { action: 'KEEP', title: 'Keep' },
      { action: 'MOVE', title: 'Move' },
      { action: 'SWITCH_BACKUP', title: 'Backup route' },
      { action: 'CANCEL', title: 'Cancel' },
    ]);
    const data = options.data as { actionPaths: Record<string, string>; path: string };
    expect(data.path).toBe(path);
    expect(data.actionPaths.SWITCH_BACKUP).toBe(`${path}?weather=SWITCH_BACKUP`);
  });

  it('a button opens the activity with its answer chosen; the body opens the activity', async () => {
    const [, options] = await shown(alert);
    expect(await opened(options.data, 'SWITCH_BACKUP')).toBe(`${path}?weather=SWITCH_BACKUP`);
    expect(await opened(options.data, 'MOVE')).toBe(`${path}?weather=MOVE`);
    expect(await opened(options.data, '')).toBe(path);
    expect(await opened(options.data, 'UNKNOWN')).toBe(path);
  });

  it('a push without buttons shows none; nothing but the app’s own paths is opened', async () => {
    const [, options] = await shown({ title: 'Cordata', body: 'Hi', data: { path: '/chats' } });
    expect(options.actions).toEqual([]);
    expect(await opened(options.data, '')).toBe('/chats');
    const hostile = { path: 'https://evil.example/', actionPaths: { KEEP: '//evil.example/x' } };
    expect(await opened(hostile, 'KEEP')).toBe('/notifications');
    const [, broken] = await shown({ actions: [{ action: 'KEEP' }, 'x', null] });
    expect(broken.actions).toEqual([]);
    expect(broken.body).toBe('');
  });
});
