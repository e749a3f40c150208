import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, showError, showSuccess } from '../../../components/feedback.ts';
import { formatDate } from '../../../i18n/dates.ts';
import {
  startStravaConnection,
  useDisconnectStravaMutation,
  useStravaConnectionQuery,
} from '../../../state/queries/strava.ts';

/** Whether Settings offers Strava at all: only where the server has a Strava application. */
export function useStravaOffered(): boolean {
  return useStravaConnectionQuery().data?.configured === true;
}

/**
 * Settings → Strava (issue 42, docs/recordings.md): connecting the account once (Strava's consent page, back on
 * /strava/callback), what it does while connected, and disconnecting, which deletes every track that came from it.
 */
export function StravaSetting() {
  const { t, i18n } = useTranslation();
  const connection = useStravaConnectionQuery().data;
  const disconnect = useDisconnectStravaMutation();
  const [leaving, setLeaving] = useState(false);
  if (!connection?.configured) return null;

  const connect = async () => {
    setLeaving(true);
    try {
      await startStravaConnection();
    } catch (error) {
      showError(error);
      setLeaving(false);
    }
  };
  const askDisconnect = async () => {
    const sure = await confirm({
      title: t('strava.disconnectTitle'),
      description: t('strava.disconnectConfirm'),
      confirmLabel: t('strava.disconnect'),
      destructive: true,
    });
    if (!sure) return;
    disconnect.mutate(undefined, {
      onSuccess: () => showSuccess(t('strava.disconnected')),
      onError: (error) => showError(error),
    });
  };

  return (
    <div className="sheet-section" data-testid="strava-setting" data-connected={connection.connected}>
      {connection.connected ? (
        <>
          <p data-testid="strava-connected">
            {connection.connectedAt
              ? t('strava.connectedSince', {
                  date: formatDate(new Date(connection.connectedAt), i18n.language, {
                    day: 'numeric',
                    month: 'long',
                    year: 'numeric',
                  }),
                })
              : null}
          </p>
          <p className="muted">{t('strava.connectedInfo')}</p>
          <button
            type="button"
            className="btn btn-outline"
            data-testid="strava-disconnect"
            disabled={disconnect.isPending}
            onClick={() => void askDisconnect()}
          >
            {t('strava.disconnect')}
          </button>
        </>
      ) : (
        <>
          <p className="muted">{t('strava.intro')}</p>
          <button
            type="button"
            className="btn btn-primary"
            data-testid="strava-connect"
            disabled={leaving}
            onClick={() => void connect()}
          >
            {leaving ? t('strava.connecting') : t('strava.connect')}
          </button>
        </>
      )}
    </div>
  );
}
