import { routeStats } from '@cordata/geo';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistance } from '../../../../components/Activity/format.ts';
import { showError, showSuccess } from '../../../../components/feedback.ts';
import { useBackupRouteMutation } from '../../../../state/queries/activity.ts';
import { type DraftRoute, drawnLine, routeInput, useDraftStore } from '../draft.ts';
import type { StepProps } from '../HandleActivitySheet.tsx';
import { WizardStep } from './WizardStep.tsx';

/** The last screen of a backup route (issue 24): its length, and saving it beside the activity's route. */
export function BackupStep({ go, close }: StepProps) {
  const { t, i18n } = useTranslation();
  const draft = useDraftStore((s) => s.draft);
  const save = useBackupRouteMutation();
  const distance = useMemo(() => routeLength(draft.route), [draft.route]);

  const submit = async () => {
    const route = await routeInput(draft.route);
    if (!route || !draft.activityId) return go('path');
    save.mutate(
      { activityId: draft.activityId, route },
      {
        onSuccess: () => {
          close();
          showSuccess(t('activity.backup.saved'));
        },
        onError: (e) => showError(e),
      },
    );
  };

  return (
    <WizardStep
      testId="wizard-backup"
      footer={
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="wizard-backup-save"
          disabled={save.isPending}
          onClick={() => void submit()}
        >
          {t('activity.backup.save')}
        </button>
      }
    >
      <h3>{t('activity.backup.title')}</h3>
      <p className="muted">{t('activity.backup.saveHint')}</p>
      {distance !== null && (
        <dl className="wizard-summary" data-testid="wizard-backup-summary">
          <dt>{t('activity.view.distance')}</dt>
          <dd>{formatDistance(distance, i18n.language)}</dd>
        </dl>
      )}
    </WizardStep>
  );
}

function routeLength(route: DraftRoute): number | null {
  if (route.mode === 'GPX') return route.preview.totalDistance;
  if (route.mode === 'POINTS' && route.points.length >= 2) return routeStats(drawnLine(route)).totalDistance;
  return null;
}
