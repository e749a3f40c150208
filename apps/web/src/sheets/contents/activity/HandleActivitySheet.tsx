import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/feedback.ts';
import { useActivityQuery } from '../../../state/queries/activity.ts';
import { usePollQuery } from '../../../state/queries/polls.ts';
import { guardClose, useSheetStore } from '../../store.ts';
import type { HandleActivityStep, SheetParams } from '../../types.ts';
import { draftFromActivity, draftFromPoll, hasChanges, useDraftStore } from './draft.ts';
import { BackupStep } from './steps/BackupStep.tsx';
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
  const { step, activityId, groupId, purpose, poll } = params;
  const owner = useDraftStore((s) => s.owner);
  const editing = useActivityQuery(activityId);
  const fromPoll = usePollQuery(poll?.pollId);
  const ready = owner === sheetKey;

  useEffect(() => {
    if (ready) return;
    const { start, startNew } = useDraftStore.getState();
    if (poll) {
      if (fromPoll.data) start(sheetKey, draftFromPoll(fromPoll.data, poll.slotId));
    } else if (!activityId) startNew(sheetKey, groupId ?? null);
    // The backup route starts from no route: the screens that draw or read one fill it.
    else if (editing.data)
      start(sheetKey, {
        ...draftFromActivity(editing.data),
        ...(purpose === 'backup' ? { route: { mode: 'NONE' as const } } : {}),
      });
  }, [ready, sheetKey, activityId, groupId, editing.data, purpose, poll, fromPoll.data]);

  // Back, Escape, the scrim or an edge swipe on a wizard with changes ask first (the review's lost drafts); an
  // untouched one closes at once. The app's own close after publishing asks nothing.
  useEffect(
    () =>
      guardClose(sheetKey, async () => {
        const { owner, draft, initial, discard } = useDraftStore.getState();
        if (owner !== sheetKey || !hasChanges(draft, initial)) return true;
        const edit = draft.activityId !== null;
        const sure = await confirm({
          title: t(edit ? 'activity.wizard.discardEditTitle' : 'activity.wizard.discardTitle'),
          description: t(edit ? 'activity.wizard.discardEditText' : 'activity.wizard.discardText'),
          confirmLabel: t(edit ? 'activity.wizard.discardEditConfirm' : 'activity.wizard.discardConfirm'),
          cancelLabel: t('activity.wizard.keepEditing'),
          destructive: true,
        });
        if (sure && !edit) discard();
        return sure;
      }),
    [sheetKey, t],
  );

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
  // Making a backup route, the route screens lead to saving it instead of to the rest of the activity.
  const stepAfter = (next: HandleActivityStep) => (purpose === 'backup' && next === 'difficulty' ? 'backup' : next);
  const props: StepProps = { go: (next) => setStep(sheetKey, stepAfter(next)), close: () => close(sheetKey) };
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
    case 'backup':
      return <BackupStep {...props} />;
  }
}
