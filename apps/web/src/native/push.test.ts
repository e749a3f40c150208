import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../state/auth.ts';
import { useUiStore } from '../state/ui.ts';
import { createFakePlatform, webPlatform } from './platform.ts';
import { registerPushToken, unregisterPushToken } from './push.ts';

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
    await unregisterPushToken(webPlatform);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('unregisters with a null token', async () => {
    await unregisterPushToken(createFakePlatform('android').platform);
    expect(sentBody()).toEqual({ token: null });
  });
});
