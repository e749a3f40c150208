import { describe, expect, it, vi } from 'vitest';
import { createFakePlatform, FileWriteError } from '../../native/platform.ts';
import { copyText, openInOtherApp, saveTextFile, shareLink } from './share.ts';

const content = { title: 'Morning run', url: 'https://cordata.example/view-activity/1' };

describe('copyText', () => {
  it('copies, and fails without a clipboard or when it is refused', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await copyText('https://x.example/a', { clipboard: { writeText } } as never)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://x.example/a');
    expect(await copyText('https://x.example/a', {} as never)).toBe('failed');
    const refused = vi.fn().mockRejectedValue(new Error('denied'));
    expect(await copyText('https://x.example/a', { clipboard: { writeText: refused } } as never)).toBe('failed');
  });
});

describe('shareLink', () => {
  it('uses the share sheet where there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    expect(await shareLink(content, { share, clipboard: { writeText } } as never)).toBe('shared');
    expect(share).toHaveBeenCalledWith(content);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats a closed share sheet as cancelled', async () => {
    const share = vi.fn().mockRejectedValue(Object.assign(new Error('closed'), { name: 'AbortError' }));
    expect(await shareLink(content, { share, clipboard: { writeText: vi.fn() } } as never)).toBe('cancelled');
  });

  it('copies the link without a share sheet, and says when it cannot', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await shareLink(content, { clipboard: { writeText } } as never)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(content.url);
    const refused = vi.fn().mockRejectedValue(new Error('denied'));
    expect(await shareLink(content, { clipboard: { writeText: refused } } as never)).toBe('failed');
  });
});

describe('in the phone app', () => {
  const ics = { fileName: 'morning-run.ics', contents: 'BEGIN:VCALENDAR', mimeType: 'text/calendar', title: 'Run' };

  it('shares the link through the native sheet, and a closed sheet is cancelled', async () => {
    const share = vi.fn();
    const fake = createFakePlatform('android');
    expect(await shareLink(content, { share, clipboard: { writeText: vi.fn() } } as never, fake.platform)).toBe(
      'shared',
    );
    expect(fake.calls.sharedLinks).toEqual([content]);
    expect(share).not.toHaveBeenCalled();
    const closed = createFakePlatform('ios', 'push-token', undefined, async () => 'cancelled');
    expect(await shareLink(content, { clipboard: { writeText: vi.fn() } } as never, closed.platform)).toBe('cancelled');
  });

  it('copies the link when the native sheet fails', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const broken = createFakePlatform('android', 'push-token', undefined, () => Promise.reject(new Error('busy')));
    expect(await shareLink(content, { clipboard: { writeText } } as never, broken.platform)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(content.url);
  });

  it('hands a file to the native share sheet instead of downloading it', async () => {
    const created = vi.fn(() => 'blob:x');
    URL.createObjectURL = created;
    const fake = createFakePlatform('android');
    expect(await saveTextFile(ics, fake.platform)).toBe('shared');
    expect(fake.calls.sharedFiles).toEqual([ics]);
    expect(created).not.toHaveBeenCalled();
    const failing = createFakePlatform('android', null, undefined, () =>
      Promise.reject(new FileWriteError('morning-run.ics')),
    );
    await expect(saveTextFile(ics, failing.platform)).rejects.toBeInstanceOf(FileWriteError);
  });

  it('hands a webcal: address to the system, where the browser follows the link itself', () => {
    const fake = createFakePlatform('ios');
    expect(openInOtherApp('webcal://cordata.example/calendar/feed/x.ics', fake.platform)).toBe(true);
    expect(fake.calls.openedUrls).toEqual(['webcal://cordata.example/calendar/feed/x.ics']);
    expect(openInOtherApp('webcal://cordata.example/calendar/feed/x.ics', createFakePlatform('web').platform)).toBe(
      false,
    );
  });
});
