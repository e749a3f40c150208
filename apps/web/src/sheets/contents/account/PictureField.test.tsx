import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFeedbackStore } from '../../../components/feedback.ts';
import i18n from '../../../i18n/index.ts';
import { getPlatform, initPlatform } from '../../../native/index.ts';
import { useAuthStore } from '../../../state/auth.ts';
import { FakeUpload } from '../../../testing/fake-upload.ts';
import { aUser } from '../../../testing/fixtures.ts';
import { PictureField } from './PictureField.tsx';

// The phone app: Capacitor says native, and the camera plugin is driven by the test.
vi.mock('@capacitor/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@capacitor/core')>();
  return {
    ...core,
    Capacitor: { ...core.Capacitor, isNativePlatform: () => true, getPlatform: () => 'android' },
  };
});
const camera = vi.hoisted(() => ({ getPhoto: vi.fn(), checkPermissions: vi.fn() }));
vi.mock('@capacitor/camera', () => ({
  Camera: camera,
  CameraResultType: { Uri: 'uri' },
  CameraSource: { Prompt: 'PROMPT' },
}));

const person = aUser({ userId: '01900000-0000-7000-8000-000000000001', username: 'anna', lastName: 'Rossi' });
const FILE_URL = 'https://cordata.test/files/profile/p1.jpg';

/** The API and the photo's local URL; answers get-upload-url and records what was asked. */
function stubFetch() {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === 'capacitor://localhost/_capacitor_file_/photo.jpg') {
        return new Response(new Blob([new Uint8Array(2048)], { type: 'image/jpeg' }));
      }
      if (url.endsWith('/upload/get-upload-url')) {
        return new Response(
          JSON.stringify({
            uploadUrl: 'https://cordata.test/upload/p1',
            method: 'PUT',
            headers: {},
            fileUrl: FILE_URL,
          }),
        );
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

beforeAll(async () => {
  await initPlatform();
});
beforeEach(async () => {
  useAuthStore.setState({ jwt: 'token', completed: true });
  useFeedbackStore.setState({ current: null });
  camera.getPhoto.mockReset();
  camera.checkPermissions.mockReset();
  FakeUpload.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the profile picture in the phone app', () => {
  it('runs on the native platform with the camera instead of a file input', () => {
    expect(getPlatform().isNative).toBe(true);
    render(<PictureField person={person} onUploaded={() => {}} />);
    expect(screen.getByTestId('settings-picture-native').textContent).toBe('Take or choose a picture');
    expect(screen.queryByTestId('settings-picture-input')).toBeNull();
  });

  it('uploads the photo taken, with a progress bar, and hands back its URL', async () => {
    const calls = stubFetch();
    camera.getPhoto.mockResolvedValue({ webPath: 'capacitor://localhost/_capacitor_file_/photo.jpg', format: 'jpeg' });
    const onUploaded = vi.fn();
    render(<PictureField person={person} onUploaded={onUploaded} />);
    fireEvent.click(screen.getByTestId('settings-picture-native'));

    await waitFor(() => expect(FakeUpload.last).not.toBeNull());
    expect(camera.getPhoto).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'PROMPT', resultType: 'uri', promptLabelPicture: 'Take a photo' }),
    );
    expect(calls.find((c) => c.url.endsWith('/upload/get-upload-url'))?.body).toEqual({
      purpose: 'PROFILE_PICTURE',
      contentType: 'image/jpeg',
      size: 2048,
    });
    const upload = FakeUpload.last!;
    expect(upload.target).toBe('https://cordata.test/upload/p1');
    expect((upload.sent as File).type).toBe('image/jpeg');

    upload.progress(1024, 2048);
    await waitFor(() => expect((screen.getByTestId('upload-progress') as HTMLProgressElement).value).toBe(0.5));
    expect(screen.getByText('Uploading… 50%')).toBeTruthy();
    expect((screen.getByTestId('settings-picture-native') as HTMLButtonElement).disabled).toBe(true);

    upload.finish();
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(FILE_URL));
    await waitFor(() => expect(screen.queryByTestId('upload-progress')).toBeNull());
    expect(useFeedbackStore.getState().current).toBeNull();
  });

  it('a refused camera says to allow it (spec §8), in English and Italian', async () => {
    stubFetch();
    camera.getPhoto.mockRejectedValue(new Error('User denied access to camera'));
    render(<PictureField person={person} onUploaded={() => {}} />);
    fireEvent.click(screen.getByTestId('settings-picture-native'));
    await waitFor(() =>
      expect(useFeedbackStore.getState().current).toMatchObject({
        kind: 'error',
        description: 'The photo could not be taken: allow Cordata to use the camera in the settings of your phone.',
      }),
    );
    expect(FakeUpload.last).toBeNull();

    cleanup();
    useFeedbackStore.setState({ current: null });
    await i18n.changeLanguage('it');
    render(<PictureField person={person} onUploaded={() => {}} />);
    fireEvent.click(screen.getByTestId('settings-picture-native'));
    await waitFor(() =>
      expect(useFeedbackStore.getState().current?.description).toBe(
        'Impossibile scattare la foto: consenti a Cordata di usare la fotocamera nelle impostazioni del telefono.',
      ),
    );
  });

  it('refused photos, even with another message, speak of access to photos and files', async () => {
    stubFetch();
    camera.getPhoto.mockRejectedValue(new Error('Unable to access the library'));
    camera.checkPermissions.mockResolvedValue({ camera: 'granted', photos: 'denied' });
    render(<PictureField person={person} onUploaded={() => {}} />);
    fireEvent.click(screen.getByTestId('settings-picture-native'));
    await waitFor(() =>
      expect(useFeedbackStore.getState().current?.description).toBe(
        'The file or photo could not be uploaded: allow Cordata to access your photos and files.',
      ),
    );
  });

  it('a cancelled camera sheet uploads nothing and says nothing', async () => {
    const calls = stubFetch();
    camera.getPhoto.mockRejectedValue(new Error('User cancelled photos app'));
    const onUploaded = vi.fn();
    render(<PictureField person={person} onUploaded={onUploaded} />);
    fireEvent.click(screen.getByTestId('settings-picture-native'));
    await waitFor(() => expect(camera.getPhoto).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
    expect(onUploaded).not.toHaveBeenCalled();
    expect(useFeedbackStore.getState().current).toBeNull();
  });
});
