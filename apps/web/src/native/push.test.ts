import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.ts';
import { useAuthStore } from '../state/auth.ts';
import { signOut } from '../state/signOut.ts';
import { useUiStore } from '../state/ui.ts';
import { createFakePlatform, webPlatform } from './platform.ts';
import { registerPushActions, registerPushToken } from './push.ts';

const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  useAuthStore.setState({ jwt: 'tok', completed: true });
  useUiStore.setState({ failedToRegisterNotifications: false });
});
afterEach(() => vi.unstubAllGlobals());

const sentBody = () => JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);

describe('push registration', () => {
  it('sends the device token when logged in on a native platform', async () => {
    expect(await registerPushToken(createFakePlatform('android').platform)).toBe(true);
    expect(sentBody()).toEqual({ token: 'push-token', platform: 'android' });
    expect(useUiStore.getState().failedToRegisterNotifications).toBe(false);
  });

  it('flags a refused permission', async () => {
    expect(await registerPushToken(createFakePlatform('ios', null).platform)).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useUiStore.getState().failedToRegisterNotifications).toBe(true);
  });

  it('does nothing on the web', async () => {
    expect(await registerPushToken(webPlatform)).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is unregistered on logout by the server-side sign-out, which ends the session too (review M2)', async () => {
    await signOut(new QueryClient());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/auth\/sign-out$/);
    expect(
      (init.headers as Record<string, string>).Authorization ?? (init.headers as Record<string, string>).authorization,
    ).toBe('Bearer tok');
    expect(useAuthStore.getState().jwt).toBeNull();
  });

  it('logs out locally even when the server cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await signOut(new QueryClient());
    expect(useAuthStore.getState().jwt).toBeNull();
  });
});

describe('native push buttons', () => {
  it('registers the two weather alert categories on a native platform, in the app’s language', async () => {
    const fake = createFakePlatform('ios');
    await i18n.changeLanguage('it');
    try {
      await registerPushActions(fake.platform, i18n.t);
    } finally {
      await i18n.changeLanguage('en');
    }
    await registerPushActions(fake.platform, i18n.t);
    const [it, en] = fake.calls.pushActionTypes;
    expect(en).toEqual([
      {
        id: 'WEATHER_ALERT_BACKUP',
        actions: [
          { id: 'KEEP', title: 'Keep' },
          { id: 'CANCEL', title: 'Cancel', destructive: true },
          { id: 'SWITCH_BACKUP', title: 'Backup route' },
          { id: 'MOVE', title: 'Move' },
        ],
      },
      {
        id: 'WEATHER_ALERT',
        actions: [
          { id: 'KEEP', title: 'Keep' },
          { id: 'CANCEL', title: 'Cancel', destructive: true },
          { id: 'MOVE', title: 'Move' },
        ],
      },
    ]);
    expect(it?.[1]?.actions.map((a) => a.title)).toEqual([
      i18n.getFixedT('it')('activity.weather.keep'),
      i18n.getFixedT('it')('activity.weather.cancel'),
      i18n.getFixedT('it')('activity.weather.move'),
    ]);
    expect(it?.[1]?.actions[0]?.title).not.toBe('Keep');
  });

  it('registers nothing on the web', async () => {
    const fake = createFakePlatform('web');
    await registerPushActions(fake.platform, i18n.t);
    expect(fake.calls.pushActionTypes).toEqual([]);
  });
});

describe('web push', () => {
  it('turns the base64url VAPID key into bytes', async () => {
    const { vapidKeyBytes } = await import('./webPush.ts');
    expect([...vapidKeyBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });

  it('subscribes through the service worker and sends the subscription as a web token when a key is set', async () => {
    vi.resetModules();
    vi.doMock('../config.ts', () => ({ config: { vapidPublicKey: 'AQID', publicUrl: '', product: 'cordata' } }));
    const subscription = { endpoint: 'https://push.example/abc', keys: { p256dh: 'k', auth: 'a' } };
    const subscribe = vi.fn(async () => ({ toJSON: () => subscription }));
    const register = vi.fn(async () => ({ pushManager: { getSubscription: async () => null, subscribe } }));
    vi.stubGlobal('navigator', { serviceWorker: { register, ready: Promise.resolve() } });
    vi.stubGlobal('Notification', { requestPermission: async () => 'granted' });
    const push = await import('./push.ts');
    const { useAuthStore: auth } = await import('../state/auth.ts');
    auth.setState({ jwt: 'tok', completed: true });
    expect(await push.registerPushToken(webPlatform)).toBe(true);
    expect(register).toHaveBeenCalledWith('/sw.js');
    expect(sentBody()).toEqual({ token: JSON.stringify(subscription), platform: 'web' });
    vi.doUnmock('../config.ts');
  });
});
