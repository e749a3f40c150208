import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo.tsx';
import { config } from '../../config.ts';
import './StorePrompt.css';

/** WEB_MODE=store: a browser sees only the stores and a mail link to support, nothing else (spec §1). */
export function StorePrompt() {
  const { t } = useTranslation();
  return (
    <main className="store-prompt" data-testid="store-prompt">
      <Logo size={80} />
      <h1>{t('store.title')}</h1>
      <p>{t('store.text')}</p>
      <div className="store-links">
        <a className="btn" href={config.appStoreUrl} data-testid="app-store-link" rel="noopener">
          {t('store.appStore')}
        </a>
        <a className="btn" href={config.playStoreUrl} data-testid="play-store-link" rel="noopener">
          {t('store.playStore')}
        </a>
      </div>
      <footer>
        <a href={`mailto:${config.supportEmail}`} data-testid="support-link">
          {t('store.support', { email: config.supportEmail })}
        </a>
      </footer>
    </main>
  );
}
