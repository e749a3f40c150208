import { type ChangeEvent, useId, useMemo, useState } from 'react';
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
        route: { mode: 'GPX', gpx: answer.text, fileName: file.name, preview: answer.preview },
        ...(answer.preview.elapsedMinutes ? suggestedTime(answer.preview.elapsedMinutes) : {}),
      });
    } else {
      showFeedback({ kind: 'error', title: t('errorTitle'), description: t('messages.gpxError') });
    }
  };

  const markers = useMemo(() => (gpx ? endMarkers(gpx.preview.line, t) : []), [gpx, t]);

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
          <RoutePreview line={gpx.preview.line} markers={markers} figures={gpx.preview} />
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
