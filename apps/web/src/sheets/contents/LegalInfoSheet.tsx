import { useTranslation } from 'react-i18next';
import { LegalText } from '../../legal/LegalText.tsx';
import { useSheetStore } from '../store.ts';
import type { SheetParams } from '../types.ts';

/** The terms or privacy text with an Accept button that calls the handler, then closes. */
export function LegalInfoContent({ sheetKey, params }: { sheetKey: number; params: SheetParams['legal-info'] }) {
  const { t } = useTranslation();
  const accept = () => {
    params.onAccept?.();
    useSheetStore.getState().close(sheetKey);
  };
  return (
    <>
      <div className="sheet-body">
        <LegalText type={params.type} showTitle={false} />
      </div>
      <div className="sheet-footer">
        <button type="button" className="btn btn-primary btn-block" data-testid="legal-accept" onClick={accept}>
          {t('sheets.legal.accept')}
        </button>
      </div>
    </>
  );
}
