import { type ChangeEvent, useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFeedback } from '../../../../components/feedback.ts';
import { useDraftStore } from '../draft.ts';
import { readGpxFile } from '../gpx-client.ts';
import type { StepProps } from '../HandleActivitySheet.tsx';
import { endMarkers, RoutePreview } from './RoutePreview.tsx';
import { Problem, WizardStep } from './WizardStep.tsx';

/** Step 2/4 with a GPX file: read in a worker, shown on the map with its figures. */
export function GpxStep({ go }: StepProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const route = useDraftStore((s) => s.draft.route);
  const update = useDraftStore((s) => s.update);
  const [reading, setReading] = useState(false);
  const [missing, setMissing] = useState(false);
  const gpx = route.mode === 'GPX' ? route : null;

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setReading(true);
    const answer = await readGpxFile(file);
    setReading(false);
    if (answer.ok) {
      setMissing(false);
      update({
        route: { mode: 'GPX', file, fileName: file.name, preview: answer.preview },
        ...(answer.preview.elapsedMinutes ? suggestedTime(answer.preview.elapsedMinutes) : {}),
      });
    } else {
      showFeedback({ kind: 'error', title: t('errorTitle'), description: t('messages.gpxError') });
    }
  };

  // The map and the chart of a new file render in the background, so the answer from the worker never
  // turns into one long main-thread task.
  const shown = useDeferredValue(gpx);
  const markers = useMemo(() => (shown ? endMarkers(shown.preview.line, t) : []), [shown, t]);

  return (
    <WizardStep
      testId="wizard-gpx"
      footer={
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="wizard-next"
          onClick={() => (gpx ? go('difficulty') : setMissing(true))}
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
        accept=".gpx,application/gpx+xml,application/xml,text/xml"
        data-testid="gpx-input"
        disabled={reading}
        onChange={onFile}
      />
      <Problem testId="error-route" message={missing ? t('activity.wizard.addRoute') : undefined} />
      {reading && <div className="spinner" role="status" aria-label={t('activity.wizard.reading')} />}
      {gpx && (
        <>
          <p className="muted" data-testid="gpx-file">
            {gpx.fileName} · {t('activity.wizard.pointCount', { count: gpx.preview.pointCount })}
          </p>
          {shown && <RoutePreview line={shown.preview.line} markers={markers} figures={shown.preview} />}
        </>
      )}
    </WizardStep>
  );
}

/** A recorded track's duration is a good first guess for the required time. */
function suggestedTime(minutes: number) {
  const state = useDraftStore.getState().draft;
  if (state.requiredHours || state.requiredMinutes) return {};
  return { requiredHours: String(Math.floor(minutes / 60)), requiredMinutes: String(Math.round(minutes % 60)) };
}
