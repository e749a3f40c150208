import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../../components/forms/forms.css';

/**
 * The link to copy by hand, where the device can neither share nor copy it (no navigator.share, the clipboard
 * refused): read-only and selected whole on focus, so a long press or Ctrl+C takes it.
 */
export function ShareLinkContent({ url }: { url: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="sheet-body" data-testid="share-link-content">
      <div className="field">
        <label htmlFor={id}>{t('share.byHand.label')}</label>
        <input
          id={id}
          type="url"
          readOnly
          value={url}
          data-testid="share-link-field"
          onFocus={(e) => e.currentTarget.select()}
          onClick={(e) => e.currentTarget.select()}
        />
        <p className="field-hint">{t('share.byHand.hint')}</p>
      </div>
    </div>
  );
}
