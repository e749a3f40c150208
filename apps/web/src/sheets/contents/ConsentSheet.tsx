import { useId, useState } from 'react';
import '../../components/Consent/consent.css';
import { useTranslation } from 'react-i18next';
import { useSheetStore } from '../store.ts';
import type { SheetParams } from '../types.ts';

/**
 * The text an activity or a group asks people to accept before joining (docs/consent.md): read, ticked, accepted;
 * the handler then joins (or accepts again a text that changed).
 */
export function ConsentContent({ sheetKey, params }: { sheetKey: number; params: SheetParams['consent'] }) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState(false);
  const textId = useId();
  const accept = () => {
    useSheetStore.getState().close(sheetKey);
    params.onAccept();
  };
  return (
    <>
      <div className="sheet-body consent-body" data-testid="consent-sheet">
        <p className="consent-lead">
          {t(params.asked === 'changed' ? 'consent.leadAgain' : 'consent.lead', { name: params.name })}
        </p>
        <div id={textId} className="consent-text" data-testid="consent-text">
          {params.text}
        </div>
        <label className="choice-check">
          <input
            type="checkbox"
            checked={ticked}
            aria-describedby={textId}
            data-testid="consent-tick"
            onChange={(e) => setTicked(e.target.checked)}
          />
          <span>{t('consent.tick')}</span>
        </label>
      </div>
      <div className="sheet-footer">
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="consent-accept"
          disabled={!ticked}
          onClick={accept}
        >
          {t(params.asked ? 'consent.acceptAgain' : 'consent.accept')}
        </button>
      </div>
    </>
  );
}
