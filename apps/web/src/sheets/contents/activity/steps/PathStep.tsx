import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../../components/feedback.ts';
import { Icon } from '../../../../components/Icon.tsx';
import { preloadMap } from '../../../../components/Map/RouteMap.tsx';
import { useDraftStore } from '../draft.ts';
import type { StepProps } from '../HandleActivitySheet.tsx';
import { WizardStep } from './WizardStep.tsx';

type Mode = 'GPX' | 'POINTS';

/** Step 2/4: a GPX file or a route drawn on the map. Switching mode warns that the current route is lost. */
export function PathStep({ go }: StepProps) {
  const { t } = useTranslation();
  const route = useDraftStore((s) => s.draft.route);
  const update = useDraftStore((s) => s.update);
  useEffect(preloadMap, []);
  const stepOf = (mode: Mode) => (mode === 'GPX' ? 'gpx' : 'route');

  const choose = async (mode: Mode) => {
    if (route.mode !== 'NONE' && route.mode !== mode) {
      const sure = await confirm({
        title: t('activity.wizard.switchTitle'),
        description: t('activity.wizard.switchText'),
        confirmLabel: t('activity.wizard.switchConfirm'),
        destructive: true,
      });
      if (!sure) return;
      update({ route: mode === 'POINTS' ? { mode: 'POINTS', points: [] } : { mode: 'NONE' } });
    }
    go(stepOf(mode));
  };

  return (
    <WizardStep
      testId="wizard-path"
      footer={
        route.mode === 'EXISTING' ? (
          <button
            type="button"
            className="btn btn-primary btn-block"
            data-testid="wizard-keep-route"
            onClick={() => go('difficulty')}
          >
            {t('activity.wizard.keepRoute')}
          </button>
        ) : null
      }
    >
      <h3>{t('activity.wizard.pathTitle')}</h3>
      <div className="path-options">
        <button
          type="button"
          className="path-option"
          data-testid="path-gpx"
          aria-pressed={route.mode === 'GPX'}
          onClick={() => choose('GPX')}
        >
          <Icon name="file" size={32} />
          <strong>{t('activity.wizard.gpxOption')}</strong>
          <small className="muted">{t('activity.wizard.gpxOptionHint')}</small>
        </button>
        <button
          type="button"
          className="path-option"
          data-testid="path-route"
          aria-pressed={route.mode === 'POINTS'}
          onClick={() => choose('POINTS')}
        >
          <Icon name="route" size={32} />
          <strong>{t('activity.wizard.routeOption')}</strong>
          <small className="muted">{t('activity.wizard.routeOptionHint')}</small>
        </button>
      </div>
    </WizardStep>
  );
}
