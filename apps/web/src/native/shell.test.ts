import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakePlatform } from './platform.ts';
import { installNativeShell, pathFromAppUrl } from './shell.ts';

function setup(os: 'android' | 'ios' = 'android', sheetOpen = false) {
  const fake = createFakePlatform(os);
  const actions = {
    navigate: vi.fn(),
    goBack: vi.fn(),
    closeTopSheet: vi.fn(() => sheetOpen),
  };
  const off = installNativeShell(fake.platform, actions);
  return { fake, actions, off };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('hardware back button', () => {
  it('exits the app when no history remains', () => {
    const { fake, actions } = setup('android', true);
    fake.pressBack(false);
    expect(fake.calls.exits).toBe(1);
    expect(actions.closeTopSheet).not.toHaveBeenCalled();
  });
  it('closes the top sheet first', () => {
    const { fake, actions } = setup('android', true);
    fake.pressBack(true);
    expect(actions.closeTopSheet).toHaveBeenCalledOnce();
    expect(actions.goBack).not.toHaveBeenCalled();
  });
  it('navigates back when no sheet is open', () => {
    const { fake, actions } = setup('android', false);
    fake.pressBack(true);
    expect(actions.goBack).toHaveBeenCalledOnce();
    expect(fake.calls.exits).toBe(0);
  });
  it('does nothing else on iOS', () => {
    const { fake, actions } = setup('ios', true);
    fake.pressBack(true);
    expect(actions.closeTopSheet).not.toHaveBeenCalled();
    expect(actions.goBack).not.toHaveBeenCalled();
  });
  it('stops listening once uninstalled', () => {
    const { fake, off } = setup();
    off();
    fake.pressBack(false);
    expect(fake.calls.exits).toBe(0);
  });
});

describe('app links', () => {
  it('navigates to the path after the domain', () => {
    const { fake, actions } = setup();
    fake.openUrl('https://cordata.app/view-activity/42?from=share#top');
    expect(actions.navigate).toHaveBeenCalledWith('/view-activity/42?from=share#top');
  });
  it('parses paths', () => {
    expect(pathFromAppUrl('cordata://app/home')).toBe('/home');
    expect(pathFromAppUrl('not a url')).toBeNull();
  });
});

describe('notification taps', () => {
  it('opens the target after 250 ms', () => {
    const { fake, actions } = setup();
    fake.tapNotification({ type: 'GROUP_INVITE', targetId: 'g1' });
    vi.advanceTimersByTime(249);
    expect(actions.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(actions.navigate).toHaveBeenCalledWith('/view-group/g1');
  });
  it('follows the path the server put in the push', () => {
    const { fake, actions } = setup();
    fake.tapNotification({ type: 'NEW_CONTACT', targetId: 'c1', path: '/profile/u7' });
    vi.advanceTimersByTime(250);
    expect(actions.navigate).toHaveBeenCalledWith('/profile/u7');
  });
  it.each([
    [{ type: 'ACTIVITY_ACCEPT', targetId: 'a' }, '/view-activity/a'],
    // A cancelled date opens its page, which says it was cancelled (issue 22).
    [{ type: 'ACTIVITY_CANCELLED', targetId: 'd' }, '/view-activity/d'],
    [{ type: 'CONTACT_REQUEST', targetId: 'u' }, '/profile/u'],
    [{ type: 'CONTACT_REQUEST', targetId: 'r', actorId: 'u' }, '/profile/u'],
    [{ type: 'SEND_MESSAGE', targetId: 'c' }, '/chats?chat=c'],
    [{ type: 'SOMETHING_NEWER', targetId: 'x' }, '/notifications'],
  ])('without a path, maps %o with the contract rule', (data, path) => {
    const { fake, actions } = setup();
    fake.tapNotification(data);
    vi.advanceTimersByTime(250);
    expect(actions.navigate).toHaveBeenCalledWith(path);
  });
  it('a weather alert’s button opens the activity with its answer chosen; other actions open the target', () => {
    const { fake, actions } = setup();
    const alert = { type: 'ACTIVITY_WEATHER_ALERT', targetId: 'a1', path: '/view-activity/a1' };
    fake.tapNotification(alert, 'SWITCH_BACKUP');
    fake.tapNotification(alert, 'MOVE');
    fake.tapNotification(alert, 'SOMETHING_ELSE');
    fake.tapNotification({ type: 'ACTIVITY_EDIT', targetId: 'a2' }, 'KEEP');
    vi.advanceTimersByTime(250);
    expect(actions.navigate.mock.calls.map((c) => c[0])).toEqual([
      '/view-activity/a1?weather=SWITCH_BACKUP',
      '/view-activity/a1?weather=MOVE',
      '/view-activity/a1',
      '/view-activity/a2',
    ]);
  });
  it('ignores a push with neither a path nor a target', () => {
    const { fake, actions } = setup();
    fake.tapNotification({ type: 'GROUP_INVITE' });
    vi.advanceTimersByTime(1000);
    expect(actions.navigate).not.toHaveBeenCalled();
  });
});
