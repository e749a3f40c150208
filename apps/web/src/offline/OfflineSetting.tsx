import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon.tsx';
import { useOfflineSettings } from './settings.ts';

/** Settings: save the outing packs the day before on Wi-Fi (a setting of this device; on unless turned off). */
export function OfflineSetting() {
  const { t } = useTranslation();
  const id = useId();
  const on = useOfflineSettings((s) => s.autoSave);
  const set = useOfflineSettings((s) => s.setAutoSave);
  return (
    <div className="settings-row">
      <Icon name="route" />
      <label htmlFor={id} className="settings-toggle">
        <span>
          {t('offline.autoSave')}
          <small className="muted">{t('offline.autoSaveHint')}</small>
        </span>
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={on}
          data-testid="offline-auto-save"
          checked={on}
          onChange={(e) => set(e.target.checked)}
        />
      </label>
    </div>
  );
}
