import type { TFunction } from 'i18next';
import { getPlatform } from '../../native/index.ts';
import { PhotoPermissionError } from '../../native/platform.ts';
import { showFeedback } from '../feedback.ts';

/**
 * Spec §8: a file or photo that cannot be taken or uploaded speaks of permissions, the usual cause on
 * a phone: the camera's when the camera was refused, the photos and files' otherwise.
 */
export function showPicturePermissionError(t: TFunction, access: 'camera' | 'photos' = 'photos') {
  showFeedback({
    kind: 'error',
    title: t('errorTitle'),
    description: t(access === 'camera' ? 'messages.cameraPermission' : 'messages.uploadPermission'),
  });
}

/**
 * In the phone app: the native sheet to take a photo or choose one (Capacitor Camera). Resolves with
 * the picture, or null when the person cancelled or refused access (then the permission message is shown).
 */
export async function takeOrChoosePicture(t: TFunction): Promise<File | null> {
  try {
    return await getPlatform().pickPicture({
      header: t('people.settings.pictureSource.header'),
      camera: t('people.settings.pictureSource.camera'),
      library: t('people.settings.pictureSource.library'),
      cancel: t('people.settings.pictureSource.cancel'),
    });
  } catch (error) {
    showPicturePermissionError(t, error instanceof PhotoPermissionError ? error.access : 'photos');
    return null;
  }
}
