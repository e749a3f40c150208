import { Camera, CameraResultType, CameraSource } from '@capacitor/camera';
import { PhotoPermissionError, type PictureLabels } from './platform.ts';

/** The types the upload accepts for a profile picture; anything else is sent as JPEG. */
const TYPES: Record<string, string> = { jpeg: 'image/jpeg', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * Takes or chooses a picture through @capacitor/camera (only loaded inside the native app). The
 * picture is scaled down on the phone, so that a 12-megapixel photo does not go over the 10 MB limit.
 */
export async function pickNativePicture(labels: PictureLabels): Promise<File | null> {
  let photo: Awaited<ReturnType<typeof Camera.getPhoto>>;
  try {
    photo = await Camera.getPhoto({
      source: CameraSource.Prompt,
      resultType: CameraResultType.Uri,
      quality: 85,
      width: 1600,
      height: 1600,
      correctOrientation: true,
      promptLabelHeader: labels.header,
      promptLabelPicture: labels.camera,
      promptLabelPhoto: labels.library,
      promptLabelCancel: labels.cancel,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/cancel/i.test(message)) return null;
    const refused = await refusedAccess(message);
    if (refused) throw new PhotoPermissionError(refused);
    throw error;
  }
  if (!photo.webPath) throw new Error('The camera gave no picture');
  const blob = await (await fetch(photo.webPath)).blob();
  const type = TYPES[photo.format.toLowerCase()] ?? 'image/jpeg';
  return new File([blob], `picture.${type.slice('image/'.length)}`, { type });
}

/**
 * Which access was refused: the plugin says "User denied access to camera" or "... to photos"; other
 * failures are checked against the permission state, since a refusal can come with another message.
 */
async function refusedAccess(message: string): Promise<'camera' | 'photos' | null> {
  if (/denied|permission/i.test(message)) return /camera/i.test(message) ? 'camera' : 'photos';
  const state = await Camera.checkPermissions().catch(() => null);
  if (state?.camera === 'denied') return 'camera';
  if (state?.photos === 'denied') return 'photos';
  return null;
}
