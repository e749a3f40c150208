import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useActivityQuery } from '../../../state/queries/activity.ts';
import { useSheetStore } from '../../store.ts';
import type { HandleActivityStep, SheetParams } from '../../types.ts';
import { draftFromActivity, emptyDraft, useDraftStore } from './draft.ts';
import { ContactsStep } from './steps/ContactsStep.tsx';
import { DifficultyStep } from './steps/DifficultyStep.tsx';
import { GpxStep } from './steps/GpxStep.tsx';
import { InfoStep } from './steps/InfoStep.tsx';
import { PathStep } from './steps/PathStep.tsx';
import { PublishStep } from './steps/PublishStep.tsx';
import { RouteStep } from './steps/RouteStep.tsx';
import '../../../components/Activity/activity.css';
import './wizard.css';

export interface StepProps {
  go: (step: HandleActivityStep) => void;
  close: () => void;
}

/** The activity wizard (spec §4): info 1/4, route 2/4, difficulty 3/4, publish 4/4. Editing pre-fills it. */
export default function HandleActivitySheet({
  sheetKey,
  params,
}: {
  sheetKey: number;
  params: SheetParams['handle-activity'];
}) {
  const { t } = useTranslation();
  const { step, activityId, groupId } = params;
  const owner = useDraftStore((s) => s.owner);
  const editing = useActivityQuery(activityId);
  const ready = owner === sheetKey;

  useEffect(() => {
    if (ready) return;
    const { start } = useDraftStore.getState();
    if (!activityId) start(sheetKey, emptyDraft(groupId ?? null));
    else if (editing.data) start(sheetKey, draftFromActivity(editing.data));
  }, [ready, sheetKey, activityId, groupId, editing.data]);

  if (!ready) {
    return (
      <div className="sheet-body" data-testid="wizard-loading">
        {editing.isError ? (
          <p className="placeholder">{t('errors.ACTIVITY_NOT_FOUND')}</p>
        ) : (
          <div className="activity-loading" role="status" aria-label={t('activity.wizard.loadingActivity')}>
            <div className="spinner" />
          </div>
        )}
      </div>
    );
  }

  const { setStep, close } = useSheetStore.getState();
  const props: StepProps = { go: (next) => setStep(sheetKey, next), close: () => close(sheetKey) };
  switch (step) {
    case 'info':
      return <InfoStep {...props} />;
    case 'path':
      return <PathStep {...props} />;
    case 'gpx':
      return <GpxStep {...props} />;
    case 'route':
      return <RouteStep {...props} />;
    case 'difficulty':
      return <DifficultyStep {...props} />;
    case 'publish':
      return <PublishStep {...props} />;
    case 'contacts':
      return <ContactsStep {...props} />;
  }
}
