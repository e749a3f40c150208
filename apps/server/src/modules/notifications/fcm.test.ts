import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createFcmChannel } from './push.ts';

/** What FCM HTTP v1 is handed: iOS gets the weather alert's category (its registered buttons), Android none. */
describe('FCM message', () => {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'fcm-')),
    JWT_SECRET: 'x'.repeat(32),
    FCM_PROJECT_ID: 'cordata',
    FCM_ACCESS_TOKEN: 'token',
    FCM_BASE_URL: 'https://fcm.test',
  });
  const sentTo = async (message: Parameters<ReturnType<typeof createFcmChannel>['send']>[1]) => {
    const bodies: { message: Record<string, unknown> }[] = [];
    const channel = createFcmChannel(config, async (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response('{}', { status: 200 });
    });
    expect(await channel.send('device', message)).toBe('sent');
    return bodies[0]!.message;
  };

  it('names the category of a weather alert in aps, and carries the path in data', async () => {
    const data = { type: 'ACTIVITY_WEATHER_ALERT', path: '/view-activity/1' };
    const sent = await sentTo({ title: 'Cordata', body: 'Weather alert', data, category: 'WEATHER_ALERT_BACKUP' });
    expect(sent).toMatchObject({
      token: 'device',
      notification: { title: 'Cordata', body: 'Weather alert' },
      data,
      apns: { payload: { aps: { sound: 'default', category: 'WEATHER_ALERT_BACKUP' } } },
    });
    // Buttons travel as the category only: FCM's notification has no field for them.
    expect(sent).not.toHaveProperty('actions');
  });

  it('sends no category for other pushes', async () => {
    const sent = await sentTo({ title: 'Cordata', body: 'hi', data: {} });
    expect(sent.apns).toEqual({ payload: { aps: { sound: 'default' } } });
  });
});
