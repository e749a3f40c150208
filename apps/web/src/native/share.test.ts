import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FileWriteError } from './platform.ts';
import { cacheFileName, shareNativeFile, shareNativeLink } from './share.ts';

// The two plugins, driven by the test: what the phone app asks them is what these tests check.
const plugins = vi.hoisted(() => ({ writeFile: vi.fn(), share: vi.fn() }));
vi.mock('@capacitor/filesystem', () => ({
  Filesystem: { writeFile: plugins.writeFile },
  Directory: { Cache: 'CACHE' },
  Encoding: { UTF8: 'utf8' },
}));
vi.mock('@capacitor/share', () => ({ Share: { share: plugins.share } }));

const ICS = 'BEGIN:VCALENDAR\r\nSUMMARY:Morning run\r\nEND:VCALENDAR\r\n';
const URI = 'file:///data/user/0/app.cordata/cache/morning-run-2026-12-01.ics';
const file = { fileName: 'morning-run-2026-12-01.ics', contents: ICS, mimeType: 'text/calendar', title: 'Morning run' };

beforeEach(() => {
  plugins.writeFile.mockReset().mockResolvedValue({ uri: URI });
  plugins.share.mockReset().mockResolvedValue({ activityType: 'com.google.android.calendar' });
});

describe('Add to calendar in the phone app', () => {
  it('writes the .ics to the cache, as UTF-8, and opens the share sheet with that file', async () => {
    expect(await shareNativeFile(file)).toBe('shared');
    expect(plugins.writeFile).toHaveBeenCalledWith({
      path: 'morning-run-2026-12-01.ics',
      data: ICS,
      directory: 'CACHE',
      encoding: 'utf8',
    });
    expect(plugins.share).toHaveBeenCalledWith({ title: 'Morning run', files: [URI], dialogTitle: 'Morning run' });
  });

  it('treats a closed sheet as cancelled, not as an error', async () => {
    plugins.share.mockRejectedValue(new Error('Share canceled'));
    expect(await shareNativeFile(file)).toBe('cancelled');
  });

  it('rejects with a FileWriteError when the file cannot be written, and opens no sheet', async () => {
    plugins.writeFile.mockRejectedValue(new Error('No space left on device'));
    const failure = await shareNativeFile(file).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FileWriteError);
    expect((failure as FileWriteError).fileName).toBe('morning-run-2026-12-01.ics');
    expect(plugins.share).not.toHaveBeenCalled();
  });

  it('passes on a sheet that fails', async () => {
    plugins.share.mockRejectedValue(new Error('Error sharing item'));
    await expect(shareNativeFile(file)).rejects.toThrow('Error sharing item');
  });

  it('names the file for the cache, with the extension Android reads its type from', () => {
    expect(cacheFileName('morning-run.ics', 'text/calendar')).toBe('morning-run.ics');
    expect(cacheFileName('morning run', 'text/calendar')).toBe('morning-run.ics');
    expect(cacheFileName('giro-del-lago-2026-12-01', 'application/gpx+xml')).toBe('giro-del-lago-2026-12-01.gpx');
    expect(cacheFileName('../../files/x.ICS', 'text/calendar')).toBe('files-x.ICS');
    expect(cacheFileName('', 'text/calendar')).toBe('file.ics');
  });
});

describe('Share in the phone app', () => {
  it('hands the title, the text and the link to the share sheet', async () => {
    const link = { title: 'Morning run', text: 'Join me', url: 'https://cordata.example/view-activity/1' };
    expect(await shareNativeLink(link)).toBe('shared');
    expect(plugins.share).toHaveBeenCalledWith({ ...link, dialogTitle: 'Morning run' });
    plugins.share.mockRejectedValue(new Error('Share canceled'));
    expect(await shareNativeLink(link)).toBe('cancelled');
    expect(plugins.writeFile).not.toHaveBeenCalled();
  });
});
