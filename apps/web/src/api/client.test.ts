import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../state/auth.ts';
import { ApiError, api } from './client.ts';

const fetchMock = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  useAuthStore.setState({ jwt: 'tok', completed: true });
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  it('POSTs to the call path with the bearer token', async () => {
    fetchMock.mockResolvedValue(json(200, { count: 3 }));
    await expect(api('notification/check-new')).resolves.toEqual({ count: 3 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/space/cordata/database/notification/check-new');
    expect(init.method).toBe('POST');
    expect(init.headers.Authorization).toBe('Bearer tok');
    expect(init.body).toBeUndefined();
    expect(init.signal).toBeUndefined();
  });

  it('sends no token on the no-token calls', async () => {
    fetchMock.mockResolvedValue(json(200, { jwt: 'x', completed: false }));
    await api('auth/email/sign-in', { email: 'a@b.it', password: 'Secret#1x' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.headers.Authorization).toBeUndefined();
    expect(JSON.parse(init.body)).toEqual({ email: 'a@b.it', password: 'Secret#1x' });
  });

  it('refuses a body call without its body, before fetch', async () => {
    // @ts-expect-error the body is missing on purpose
    await expect(api('user/profile')).rejects.toMatchObject({ code: 'BODY_REQUIRED' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('parses error bodies', async () => {
    fetchMock.mockResolvedValue(
      json(404, { error: { code: 'ACTIVITY_NOT_FOUND', message: 'Activity not found', issues: [] } }),
    );
    const error = await api('activity/read-info', { activityId: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'ACTIVITY_NOT_FOUND', status: 404, message: 'Activity not found' });
  });

  it('logs out on a 401 of a protected call', async () => {
    fetchMock.mockResolvedValue(json(401, { error: { code: 'UNAUTHORIZED', message: 'x' } }));
    await expect(api('user/own-profile')).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(useAuthStore.getState().jwt).toBeNull();
  });

  it('keeps the session on a 401 of a no-token call', async () => {
    fetchMock.mockResolvedValue(json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } }));
    await expect(api('auth/email/sign-in', { email: 'a@b.it', password: 'x' })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(useAuthStore.getState().jwt).toBe('tok');
  });

  it('keeps the session when a token call refuses a wrong current password', async () => {
    fetchMock.mockResolvedValue(json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } }));
    await expect(
      api('auth/email/confirm-change-password', { currentPassword: 'x', password: 'Fresh#Peak42' }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS', status: 401 });
    expect(useAuthStore.getState().jwt).toBe('tok');
  });

  it('maps unknown error bodies to INTERNAL', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 502 }));
    await expect(api('sport/list-all')).rejects.toMatchObject({ code: 'INTERNAL', status: 502 });
  });
});
