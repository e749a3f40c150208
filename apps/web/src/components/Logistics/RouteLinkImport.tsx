import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { importRouteLink } from '../../state/queries/logistics.ts';
import { showErrorText } from '../feedback.ts';
import './logistics.css';

const HOW_TO_SOURCES = ['komoot', 'strava', 'wikiloc', 'ridewithgps', 'waymarkedtrails', 'alltrails'];

/**
 * "Or paste a link": the server fetches the route from a site that allows it; the answer is handed over as a
 * file, so it is read in the same worker as a dropped one. A failure says how to export a GPX from that site.
 */
export function RouteLinkImport({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [attribution, setAttribution] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!url.trim()) return;
    setBusy(true);
    try {
      const route = await importRouteLink(url.trim());
      setAttribution(route.attribution);
      const base = (route.name ?? route.source).replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'route';
      onFile(new File([route.gpx], `${base}.gpx`, { type: 'application/gpx+xml' }));
    } catch (error) {
      const source = isApiError(error) ? String(error.details.source ?? 'other') : 'other';
      const howTo = t(`logistics.import.howTo.${HOW_TO_SOURCES.includes(source) ? source : 'other'}`);
      const reason = isApiError(error) && t(`errors.${error.code}`, { defaultValue: '' });
      showErrorText(reason ? `${reason}\n\n${howTo}` : howTo);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="route-link-import" onSubmit={submit} data-testid="route-link-form">
      <label htmlFor={inputId}>{t('logistics.import.link')}</label>
      <div className="logistics-inline-form">
        <input
          id={inputId}
          type="url"
          inputMode="url"
          value={url}
          placeholder={t('logistics.import.linkPlaceholder')}
          data-testid="route-link-input"
          onChange={(e) => setUrl(e.target.value)}
        />
        <button type="submit" className="btn btn-outline" data-testid="route-link-submit" disabled={busy || disabled}>
          {t('logistics.import.fetch')}
        </button>
      </div>
      {attribution && (
        <p className="muted" data-testid="route-attribution">
          {t('logistics.import.attribution', { source: attribution })}
        </p>
      )}
    </form>
  );
}
