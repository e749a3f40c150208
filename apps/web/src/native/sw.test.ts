import { describe, expect, it, vi } from 'vitest';
import source from '../../public/sw.js?raw';

/**
 * The service worker (public/sw.js) run as the browser runs it, against a stand-in `self`: what it shows
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

/** A stand-in Cache Storage: caches by name, each a map of path to a response. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    const key = (r: string | Request) => new URL(typeof r === 'string' ? r : r.url, 'https://app.test').pathname;
    return {
      put: async (r: string | Request, res: Response) => void store.set(key(r), res),
      match: async (r: string | Request) => store.get(key(r))?.clone(),
      keys: async () => [...store.keys()].map((p) => new Request(`https://app.test${p}`)),
      delete: async (r: Request) => store.delete(key(r)),
    };
  };
  return {
    stores,
    open,
    match: async (r: string, options: { cacheName: string }) => (await open(options.cacheName)).match(r),
  };
}

function loadShellWorker(network: (path: string) => Response | Promise<Response>) {
  const listeners = new Map<string, (event: unknown) => void>();
  const caches = fakeCaches();
  const fetch = vi.fn(async (input: string | Request) =>
    network(new URL(typeof input === 'string' ? input : input.url, 'https://app.test').pathname),
  );
  const self = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => {}) },
    clients: { openWindow: vi.fn(async () => null), claim: vi.fn(async () => {}) },
    skipWaiting: vi.fn(),
    location: { origin: 'https://app.test' },
  };
  new Function('self', 'caches', 'fetch', source)(self, caches, fetch);
  const fire = async (type: string, event: object) => {
    const waited: Promise<unknown>[] = [];
    let answer: Promise<Response> | undefined;
    listeners.get(type)!({
      ...event,
      waitUntil: (p: Promise<unknown>) => waited.push(p),
      respondWith: (p: Promise<Response>) => {
        answer = p;
      },
    });
    await Promise.all(waited);
    return answer;
  };
  return { caches, fetch, fire };
}

const entryHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script><link rel="modulepreload" href="/assets/vendor-def.js"></head></html>';
const html = () => new Response(entryHtml, { headers: { 'content-type': 'text/html; charset=utf-8' } });

describe('the service worker keeps the app shell for offline', () => {
  it('keeps the entry page, the files it names and those the build lists, and drops older builds', async () => {
    const w = loadShellWorker((path) => {
      if (path === '/') return html();
      if (path === '/sw-assets.json') return Response.json(['/assets/ViewActivity-123.js', '/assets/x.js.map']);
      return new Response(`// ${path}`);
    });
    const assets = await w.caches.open('cordata-assets-v1');
    await assets.put('/assets/index-old.js', new Response('old'));
    await w.fire('install', {});
    expect([...w.caches.stores.get('cordata-shell-v1')!.keys()]).toEqual([
      '/',
      '/splash.svg',
      '/favicon.svg',
      '/manifest.webmanifest',
      '/icon-192.png',
    ]);
    expect([...w.caches.stores.get('cordata-assets-v1')!.keys()].sort()).toEqual([
      '/assets/ViewActivity-123.js',
      '/assets/index-abc.js',
      '/assets/vendor-def.js',
    ]);
  });

  it('opens any page of the app from the kept entry page when the network fails, and hashed files from the cache', async () => {
    let online = true;
    const w = loadShellWorker((path) => {
      if (!online) throw new TypeError('Failed to fetch');
      return path === '/' || path === '/sw-assets.json'
        ? path === '/'
          ? html()
          : Response.json([])
        : new Response(path);
    });
    await w.fire('install', {});
    online = false;
    const page = await w.fire('fetch', {
      request: new Request('https://app.test/view-activity/a1', { mode: 'same-origin' }),
    });
    // A Request made here cannot be a navigation: the worker sees `mode` as the browser sets it.
    expect(page).toBeUndefined();
    const nav = await w.fire('fetch', {
      request: { method: 'GET', url: 'https://app.test/view-activity/a1', mode: 'navigate' },
    });
    expect(await (await nav!).text()).toBe(entryHtml);
    const script = await w.fire('fetch', { request: new Request('https://app.test/assets/index-abc.js') });
    expect(await (await script!).text()).toBe('/assets/index-abc.js');
  });

  it('leaves the API, uploads, tiles and other sites to the network', async () => {
    const w = loadShellWorker(() => new Response('network'));
    for (const url of [
      'https://app.test/api/space/cordata/activity/read-info',
      'https://app.test/maps/packs/a.pmtiles',
      'https://app.test/uploads/p.jpg',
      'https://other.test/assets/index-abc.js',
    ]) {
      expect(await w.fire('fetch', { request: { method: 'GET', url, mode: 'cors' } })).toBeUndefined();
    }
    expect(
      await w.fire('fetch', { request: { method: 'POST', url: 'https://app.test/assets/a.js', mode: 'cors' } }),
    ).toBeUndefined();
  });
});
