import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakePlatform } from './platform.ts';
import { installNativeShell, notificationPath, pathFromAppUrl } from './shell.ts';

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
  it('maps every kind of target', () => {
    expect(notificationPath('ACTIVITY_ACCEPT', 'a')).toBe('/view-activity/a');
    expect(notificationPath('CONTACT_REQUEST', 'u')).toBe('/profile/u');
    expect(notificationPath('SEND_MESSAGE', 'c')).toBe('/chats?chat=c');
  });
});
