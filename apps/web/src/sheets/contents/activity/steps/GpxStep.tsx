import { type ChangeEvent, memo, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../components/Activity/format.ts';
import { showErrorText } from '../../../../components/feedback.ts';
import { RouteLinkImport } from '../../../../components/Logistics/RouteLinkImport.tsx';
import { type Draft, useDraftStore } from '../draft.ts';
import { GpxReader } from '../gpx-client.ts';
import { type GpxUpload, type GpxUploadState, startGpxUpload } from '../gpx-upload.ts';
import type { StepProps } from '../HandleActivitySheet.tsx';
import { endMarkers, RoutePreview } from './RoutePreview.tsx';
import { Problem, WizardStep } from './WizardStep.tsx';

/** Step 2/4 with a GPX file: read in a worker, shown on the map with its figures. */
export function GpxStep({ go }: StepProps) {
  const { t } = useTranslation();
  const inputId = useId();
  // One worker for the step's life, started before a file is chosen.
  const [reader] = useState(() => new GpxReader());
  useEffect(() => {
    reader.warm();
    return () => reader.stop();
  }, [reader]);
  const route = useDraftStore((s) => s.draft.route);
  const update = useDraftStore((s) => s.update);
  const [reading, setReading] = useState(false);
  const [missing, setMissing] = useState(false);
  const gpx = route.mode === 'GPX' ? route : null;
  // The file goes to the server's presigned upload as soon as it is read, with a progress bar and Cancel.
  const [upload, setUpload] = useState<GpxUploadState>({ phase: 'idle' });
  const running = useRef<GpxUpload | null>(null);
  useEffect(() => () => running.current?.drop(), []);
  // Back on the step with a file whose upload was left unfinished (the step was left meanwhile): send it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the file the step opens with
  useEffect(() => {
    if (!gpx || gpx.gpxUrl) return;
    // A file still waiting for its conversion when the step was left is read again; a GPX one is sent as it is.
    if (gpx.file.type === 'application/gpx+xml' || /\.gpx$/i.test(gpx.fileName)) send(gpx.file);
    else if (gpx.file instanceof File) void readFile(gpx.file);
  }, []);
  const uploaded = !!gpx?.gpxUrl;

  const send = (file: Blob) => {
    running.current?.drop();
    setMissing(false);
    const started = startGpxUpload(file, t, setUpload);
    running.current = started;
    void started.done.then((url) => {
      const current = useDraftStore.getState().draft.route;
      // Only the file still chosen gets the address (another may have replaced it meanwhile).
      if (url && running.current === started && current.mode === 'GPX' && current.file === file) {
        update({ route: { ...current, gpxUrl: url } });
      }
    });
  };
  // A draft continued after a reload has lost its file (files are not kept): the person is asked for it again.
  const pendingFile = useDraftStore((s) => s.restored?.gpxFileName ?? null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) await readFile(file);
  };

  const readFile = async (file: File) => {
    setReading(true);
    const answer = await reader.read(file);
    setReading(false);
    if (answer.ok) {
      setMissing(false);
      const { preview } = answer;
      running.current?.drop();
      update({
        route: { mode: 'GPX', file, fileName: file.name, preview },
        ...(preview.elapsedMinutes ? suggestedTime(preview.elapsedMinutes) : {}),
      });
      // The preview shows at once; a file the worker converts to GPX is sent once that GPX follows.
      if (answer.converting) setUpload({ phase: 'uploading', fraction: 0 });
      const blob = await answer.upload;
      const current = useDraftStore.getState().draft.route;
      // Gone (the step closed) or replaced by another file meanwhile: nothing more to do for this one.
      if (!blob || current.mode !== 'GPX' || current.preview !== preview) return;
      const stored =
        blob === file
          ? file
          : new File([blob], `${file.name.replace(/\.[^.]+$/, '')}.gpx`, { type: 'application/gpx+xml' });
      if (stored !== file) update({ route: { ...current, file: stored } });
      send(stored);
    } else {
      showErrorText(t('messages.gpxError'));
    }
  };

  // Everything shown about a new file (its name and point count, the map, the chart) renders in the
  // background, in tasks of its own: the answer from the worker only stores the draft.
  const shown = useDeferredValue(gpx);

  return (
    <WizardStep
      testId="wizard-gpx"
      footer={
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="wizard-next"
          onClick={() => (gpx && uploaded ? go('difficulty') : setMissing(true))}
        >
          {t('common.next')}
        </button>
      }
    >
      <label htmlFor={inputId} className="btn btn-outline btn-block file-button">
        {reading
          ? t('activity.wizard.reading')
          : gpx
            ? t('activity.wizard.replaceFile')
            : t('activity.wizard.chooseFile')}
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept=".gpx,.kml,.tcx,.fit,application/gpx+xml,application/vnd.google-earth.kml+xml,application/xml,text/xml,application/octet-stream"
        data-testid="gpx-input"
        disabled={reading}
        onChange={onFile}
      />
      {!gpx && pendingFile && (
        <p className="muted" data-testid="gpx-choose-again">
          {t('activity.wizard.gpxAgain', { name: pendingFile })}
        </p>
      )}
      <RouteLinkImport onFile={(file) => void readFile(file)} disabled={reading} />
      <Problem
        testId="error-route"
        message={
          !missing
            ? undefined
            : !gpx
              ? t('activity.wizard.addRoute')
              : upload.phase === 'uploading'
                ? t('activity.wizard.upload.wait')
                : uploaded
                  ? undefined
                  : t('activity.wizard.upload.again')
        }
      />
      {reading && <div className="spinner" role="status" aria-label={t('activity.wizard.reading')} />}
      {gpx && (
        <UploadStatus
          state={uploaded ? { phase: 'done', url: gpx.gpxUrl! } : upload}
          onCancel={() => running.current?.cancel()}
          onRetry={() => send(gpx.file)}
        />
      )}
      {gpx && shown && <FilePreview file={shown} />}
    </WizardStep>
  );
}

/** The upload of the chosen file: a progress bar with Cancel, then "Uploaded", or why not with Try again. */
function UploadStatus({
  state,
  onCancel,
  onRetry,
}: {
  state: GpxUploadState;
  onCancel: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (state.phase === 'idle') return null;
  const percent = state.phase === 'uploading' ? Math.round(state.fraction * 100) : 100;
  return (
    <div className="gpx-upload" data-testid="gpx-upload" data-state={state.phase}>
      {state.phase === 'uploading' && (
        <>
          <div className="gpx-upload-row">
            <span aria-live="polite">{t('activity.wizard.upload.progress', { percent })}</span>
            <button type="button" className="btn btn-ghost" data-testid="gpx-upload-cancel" onClick={onCancel}>
              {t('common.cancel')}
            </button>
          </div>
          <progress
            className="upload-progress"
            max={1}
            value={state.fraction}
            data-testid="gpx-upload-progress"
            aria-label={t('activity.wizard.upload.progress', { percent })}
          />
        </>
      )}
      {state.phase === 'done' && (
        <p className="gpx-upload-done" data-testid="gpx-upload-done">
          {t('activity.wizard.upload.done')}
        </p>
      )}
      {state.phase === 'failed' && (
        <div className="gpx-upload-row">
          <p className={state.cancelled ? 'muted' : 'gpx-upload-error'} role="alert" data-testid="gpx-upload-error">
            {state.message}
          </p>
          <button type="button" className="btn btn-outline" data-testid="gpx-upload-retry" onClick={onRetry}>
            {t('activity.wizard.upload.retry')}
          </button>
        </div>
      )}
    </div>
  );
}

type GpxRoute = Extract<Draft['route'], { mode: 'GPX' }>;

/**
 * The file's name and point count, its map and its figures. Memoized: the step's own updates (the
 * "reading" state, the next file's answer) do not render it again; only a new file, in the background, does.
 */
const FilePreview = memo(function FilePreview({ file }: { file: GpxRoute }) {
  const { t, i18n } = useTranslation();
  const markers = useMemo(() => endMarkers(file.preview.line, t), [file, t]);
  return (
    <>
      <p className="muted" data-testid="gpx-file">
        {file.fileName} ·{' '}
        {t('activity.wizard.pointCount', {
          count: file.preview.pointCount,
          points: formatCount(file.preview.pointCount, i18n.language),
        })}
      </p>
      <RoutePreview line={file.preview.line} markers={markers} figures={file.preview} />
    </>
  );
});

/** A recorded track's duration is a good first guess for the required time. */
function suggestedTime(minutes: number) {
  const state = useDraftStore.getState().draft;
  if (state.requiredHours || state.requiredMinutes) return {};
  return { requiredHours: String(Math.floor(minutes / 60)), requiredMinutes: String(Math.round(minutes % 60)) };
}
