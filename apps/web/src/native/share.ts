import { Directory, Encoding, Filesystem } from '@capacitor/filesystem';
import { Share } from '@capacitor/share';
import { FileWriteError, type NativeShareOutcome, type SharedFile, type SharedLink } from './platform.ts';

/**
 * The native share sheet (@capacitor/share) and the file it hands over (@capacitor/filesystem), only
 * loaded inside the phone app. Android's WebView has neither navigator.share nor downloads of blob: links,
 * so a file goes through the app's cache instead: the sheet then offers the calendar app for an .ics.
 */
export async function shareNativeLink({ title, text, url }: SharedLink): Promise<NativeShareOutcome> {
  return sheet(() => Share.share({ title, text, url, dialogTitle: title }));
}

export async function shareNativeFile({
  fileName,
  contents,
  mimeType,
  title,
}: SharedFile): Promise<NativeShareOutcome> {
  const path = cacheFileName(fileName, mimeType);
  let uri: string;
  try {
    // The cache: the system may clear it, and the file is not among the person's documents. Android's
    // FileProvider shares it (res/xml/file_paths.xml lists the cache).
    ({ uri } = await Filesystem.writeFile({
      path,
      data: contents,
      directory: Directory.Cache,
      encoding: Encoding.UTF8,
    }));
  } catch (cause) {
    throw new FileWriteError(path, { cause });
  }
  return sheet(() => Share.share({ title, files: [uri], dialogTitle: title }));
}

/** Both plugins reject with "Share canceled" when the person closes the sheet: not an error. */
async function sheet(open: () => Promise<unknown>): Promise<NativeShareOutcome> {
  try {
    await open();
    return 'shared';
  } catch (error) {
    if (/cancel/i.test(error instanceof Error ? error.message : String(error))) return 'cancelled';
    throw error;
  }
}

/** The extension each type needs: Android's share sheet reads the type from the file name, not from us. */
const EXTENSIONS: Record<string, string> = {
  'text/calendar': '.ics',
  'application/gpx+xml': '.gpx',
  'text/plain': '.txt',
};

/** One file name in the cache (no folders), ending with the extension of its type. */
export function cacheFileName(fileName: string, mimeType: string): string {
  const name = fileName.replace(/[^\w.-]+/g, '-').replace(/^[.-]+/, '') || 'file';
  const extension = EXTENSIONS[mimeType];
  return extension && !name.toLowerCase().endsWith(extension) ? `${name}${extension}` : name;
}
