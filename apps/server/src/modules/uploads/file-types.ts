import { GPX_TYPES, type IMAGE_TYPES, RECORDING_TYPES } from '@cordata/contract';
import { isFitSignature } from '@cordata/geo';

type ImageType = (typeof IMAGE_TYPES)[number];

/** The image type the first bytes really are, whatever the upload claimed. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const at = (offset: number, ...expected: number[]) => expected.every((b, i) => bytes[offset + i] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

/** A GPX file starts with an XML declaration or the <gpx> element (after an optional BOM and blanks). */
export function looksLikeGpx(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<?xml') || head.startsWith('<gpx');
}

/** A watch's recording: a FIT file, or XML (TCX, GPX) whatever type the phone named it (they often cannot tell). */
const looksLikeRecording = (bytes: Uint8Array) =>
  isFitSignature(bytes) ||
  /^(<\?xml|<gpx|<TrainingCenterDatabase)/.test(
    new TextDecoder('utf-8', { fatal: false })
      .decode(bytes.subarray(0, 512))
      .replace(/^\uFEFF/, '')
      .trimStart(),
  );

/** Whether the bytes are what the declared content type says. */
export function matchesType(contentType: string, bytes: Uint8Array, purpose?: string): boolean {
  if (purpose === 'RECORDING')
    return (RECORDING_TYPES as readonly string[]).includes(contentType) && looksLikeRecording(bytes);
  if ((GPX_TYPES as readonly string[]).includes(contentType)) return looksLikeGpx(bytes);
  return sniffImage(bytes) === contentType;
}
