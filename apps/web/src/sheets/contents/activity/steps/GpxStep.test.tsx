import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedbackModal } from '../../../../components/FeedbackModal.tsx';
import i18n from '../../../../i18n/index.ts';
import { createQueryClient } from '../../../../state/queryClient.ts';
import { refusal, signedInInEnglish, stubCalls } from '../../../../testing/api-stub.ts';
import { FakeUpload } from '../../../../testing/fake-upload.ts';
import { emptyDraft, useDraftStore } from '../draft.ts';
import type { GpxPreview, GpxWorkerAnswer, GpxWorkerRequest } from '../gpx-preview.ts';
import { GpxStep } from './GpxStep.tsx';

signedInInEnglish();

const FILE_URL = 'https://cordata.test/uploads/gpx/01900000-0000-7000-8000-00000000f11e';
const preview: GpxPreview = {
  totalDistance: 5200,
  totalElevationGain: 410,
  smoothedElevationGain: 395,
  elevationLoss: 0,
  elevationProfile: [
    [0, 300],
    [5200, 710],
  ],
  line: [
    { latitude: 45.86, longitude: 9.4 },
    { latitude: 45.9, longitude: 9.42 },
  ],
  waypoints: [],
  pointCount: 301,
  elapsedMinutes: null,
};

/** The GPX worker: answers every file with `answer`. */
let answer: GpxWorkerAnswer = { ok: true, preview, converting: false };
/** When converting: the GPX the worker posts after its answer. */
let converted: Blob | null = null;
class FakeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  postMessage({ id }: GpxWorkerRequest) {
    queueMicrotask(() => {
      this.onmessage?.({ data: { id, answer } } as MessageEvent);
      if (answer.ok && answer.converting) {
        setTimeout(() => this.onmessage?.({ data: { id, converted } } as MessageEvent), 20);
      }
    });
  }
  terminate() {}
}

/** get-upload-url answers, or refuses with `refuse`. */
function stubUploadUrl(refuse?: [code: string, status: number]) {
  return stubCalls({
    'upload/get-upload-url': () =>
      refuse
        ? refusal(...refuse)
        : {
            uploadUrl: 'https://cordata.test/uploads/gpx/f11e?expires=1&max=2&sig=x',
            method: 'PUT',
            headers: { 'Content-Type': 'application/gpx+xml' },
            fileUrl: FILE_URL,
            expiresAt: '2026-06-01T10:10:00.000Z',
          },
  });
}

beforeEach(() => {
  answer = { ok: true, preview, converting: false };
  converted = null;
  FakeUpload.all = [];
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  useDraftStore.setState({ draft: emptyDraft(), initial: emptyDraft(), owner: 1, saved: null, restored: null });
});
afterEach(() => vi.unstubAllGlobals());

function renderStep() {
  const go = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GpxStep go={go} close={() => {}} />
      <FeedbackModal />
    </QueryClientProvider>,
  );
  return go;
}

const GPX = '<?xml version="1.0"?><gpx version="1.1"><trk><trkseg><trkpt lat="45.86" lon="9.4"/></trkseg></trk></gpx>';

/** Chooses a file and waits until its upload has started. */
async function choose(name = 'lecco-loop.gpx') {
  const file = new File([GPX], name, { type: '' });
  fireEvent.change(screen.getByTestId('gpx-input'), { target: { files: [file] } });
  await waitFor(() => expect(FakeUpload.last).not.toBeNull());
  return FakeUpload.last!;
}

const uploadState = () => screen.getByTestId('gpx-upload').getAttribute('data-state');
const route = () => useDraftStore.getState().draft.route;

describe('the route file goes through the presigned upload, with a progress bar', () => {
  it('uploads the file as GPX once it is read, shows the real progress, and lets the wizard on only when it is there', async () => {
    const calls = stubUploadUrl();
    const go = renderStep();
    const upload = await choose();
    expect(calls.find((c) => c.path === 'upload/get-upload-url')?.body).toEqual({
      purpose: 'GPX',
      contentType: 'application/gpx+xml',
      size: GPX.length,
    });
    expect(upload.method).toBe('PUT');
    expect(upload.target).toBe('https://cordata.test/uploads/gpx/f11e?expires=1&max=2&sig=x');
    expect(upload.headers).toEqual({ 'Content-Type': 'application/gpx+xml' });
    expect(await upload.sent!.text()).toBe(GPX);

    act(() => upload.progress(40, 100));
    expect((screen.getByTestId('gpx-upload-progress') as HTMLProgressElement).value).toBe(0.4);
    expect(screen.getByTestId('gpx-upload').textContent).toContain('Uploading the file… 40%');
    fireEvent.click(screen.getByTestId('wizard-next'));
    expect(screen.getByTestId('error-route').textContent).toBe('Wait until the file is uploaded.');
    expect(go).not.toHaveBeenCalled();

    act(() => upload.finish());
    await waitFor(() => expect(uploadState()).toBe('done'));
    expect(screen.getByTestId('gpx-upload-done').textContent).toBe('✓ File uploaded');
    expect(route()).toMatchObject({ mode: 'GPX', fileName: 'lecco-loop.gpx', gpxUrl: FILE_URL });
    expect(screen.queryByTestId('gpx-upload-progress')).toBeNull();
    fireEvent.click(screen.getByTestId('wizard-next'));
    expect(go).toHaveBeenCalledWith('difficulty');
  });

  it('cancels: the request is aborted, the step says so, and Upload again sends the file anew', async () => {
    stubUploadUrl();
    const go = renderStep();
    const first = await choose();
    act(() => first.progress(10, 100));
    fireEvent.click(screen.getByTestId('gpx-upload-cancel'));
    expect(first.aborted).toBe(true);
    await waitFor(() => expect(uploadState()).toBe('failed'));
    expect(screen.getByTestId('gpx-upload-error').textContent).toBe('Upload cancelled.');
    expect(route()).not.toHaveProperty('gpxUrl');
    fireEvent.click(screen.getByTestId('wizard-next'));
    expect(screen.getByTestId('error-route').textContent).toBe('Upload the file again before going on.');
    expect(go).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('gpx-upload-retry'));
    await waitFor(() => expect(FakeUpload.all).toHaveLength(2));
    act(() => FakeUpload.last!.finish());
    await waitFor(() => expect(uploadState()).toBe('done'));
    expect(route()).toMatchObject({ gpxUrl: FILE_URL });
  });

  it.each([
    [
      'the store refuses a file too large',
      (u: FakeUpload) => u.finish(413, '{"error":{"code":"PAYLOAD_TOO_LARGE"}}'),
      'The file is too large: at most 20 MB.',
    ],
    [
      'the store finds no GPX in it',
      (u: FakeUpload) => u.finish(400, '{"error":{"code":"UPLOAD_INVALID"}}'),
      'The GPX file could not be loaded.',
    ],
    [
      'the link expired',
      (u: FakeUpload) => u.finish(410, '{"error":{"code":"UPLOAD_EXPIRED"}}'),
      'The upload took too long: try again.',
    ],
    [
      'S3 answers an error of its own',
      (u: FakeUpload) => u.finish(403, '<Error><Code>AccessDenied</Code></Error>'),
      'The file could not be uploaded: try again.',
    ],
    [
      'the network fails',
      (u: FakeUpload) => u.fail(),
      'The file could not be sent: check your connection and try again.',
    ],
  ])('says why when %s', async (_, fail, message) => {
    stubUploadUrl();
    renderStep();
    const upload = await choose();
    act(() => fail(upload));
    await waitFor(() => expect(screen.getByTestId('gpx-upload-error').textContent).toBe(message));
    expect(route()).not.toHaveProperty('gpxUrl');
  });

  it('shows the preview of a file the worker converts at once, and uploads the GPX that follows', async () => {
    const calls = stubUploadUrl();
    answer = { ok: true, preview, converting: true };
    converted = new Blob([GPX], { type: 'application/gpx+xml' });
    renderStep();
    fireEvent.change(screen.getByTestId('gpx-input'), {
      target: { files: [new File(['<kml/>'], 'resegone.kml', { type: 'application/vnd.google-earth.kml+xml' })] },
    });
    await screen.findByTestId('gpx-file');
    expect(uploadState()).toBe('uploading');
    await waitFor(() => expect(FakeUpload.last).not.toBeNull());
    const sent = FakeUpload.last!.sent as File;
    expect(sent.name).toBe('resegone.gpx');
    expect(await sent.text()).toBe(GPX);
    expect(calls.find((c) => c.path === 'upload/get-upload-url')?.body).toMatchObject({ size: GPX.length });
    act(() => FakeUpload.last!.finish());
    await waitFor(() => expect(route()).toMatchObject({ fileName: 'resegone.kml', gpxUrl: FILE_URL }));
  });

  it('says the file is too large when the server refuses the upload up front', async () => {
    stubUploadUrl(['PAYLOAD_TOO_LARGE', 413]);
    renderStep();
    fireEvent.change(screen.getByTestId('gpx-input'), { target: { files: [new File([GPX], 'big.gpx')] } });
    await waitFor(() =>
      expect(screen.getByTestId('gpx-upload-error').textContent).toBe('The file is too large: at most 20 MB.'),
    );
    expect(FakeUpload.all).toHaveLength(0);
  });

  it('gives a file the worker cannot read the GPX loading error, and uploads nothing', async () => {
    const calls = stubUploadUrl();
    answer = { ok: false, code: 'GPX_INVALID' };
    renderStep();
    fireEvent.change(screen.getByTestId('gpx-input'), { target: { files: [new File(['<gpx'], 'broken.gpx')] } });
    await screen.findByTestId('feedback-modal');
    expect(screen.getByTestId('feedback-modal').textContent).toContain('The GPX file could not be loaded.');
    expect(calls.some((c) => c.path === 'upload/get-upload-url')).toBe(false);
    expect(screen.queryByTestId('gpx-upload')).toBeNull();
  });

  it('speaks Italian too', () => {
    const it = i18n.getFixedT('it');
    expect(it('activity.wizard.upload.progress', { percent: 40 })).toBe('Caricamento del file… 40%');
    expect(it('activity.wizard.upload.cancelled')).toBe('Caricamento annullato.');
    expect(it('activity.wizard.upload.tooLarge', { mb: 20 })).toBe('Il file è troppo grande: al massimo 20 MB.');
    expect(it('messages.gpxError')).toBe('Impossibile caricare il file GPX.');
  });
});
