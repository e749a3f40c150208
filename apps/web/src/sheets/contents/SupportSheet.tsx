import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { config } from '../../config.ts';

export function SupportContent() {
  const { t } = useTranslation();
  return (
    <div className="sheet-body" data-testid="support-content">
      <p>{t('sheets.support.text')}</p>
      <a className="btn btn-blue btn-block" href={`mailto:${config.supportEmail}`} data-testid="support-mail">
        <Icon name="contact" />
        {t('sheets.support.write', { email: config.supportEmail })}
      </a>
    </div>
  );
}
