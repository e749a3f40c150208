import type { Language } from '@cordata/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chip, SportChips } from '../../components/forms/Chips.tsx';
import { PlaceSearch } from '../../components/PlaceSearch/PlaceSearch.tsx';
import { DEFAULT_MAP_CENTER } from '../../contract.ts';
import { type PositionFailure, useDeviceLocation } from '../../location/geolocation.ts';
import { useAddressMutation } from '../../state/queries/location.ts';
import { emptyFilters, type Filters, useUiStore } from '../../state/ui.ts';
import { useSheetStore } from '../store.ts';
import './FiltersSheet.css';

export const RADIUS_CHOICES_KM = [10, 25, 50, 100] as const;
const DEFAULT_RADIUS_KM = 25;

/**
 * The home and group filters of spec §2: a place (searched, or the device's position) with a
 * radius, and sports. Nothing applies until "Show results", so a half-made choice never leaks.
 */
export function FiltersContent({ sheetKey, kind }: { sheetKey: number; kind: 'home' | 'group' }) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'it' ? 'it' : 'en';
  const stored = useUiStore((s) => (kind === 'home' ? s.homeFilters : s.groupFilters));
  const save = useUiStore((s) => (kind === 'home' ? s.setHomeFilters : s.setGroupFilters));
  const close = useSheetStore((s) => s.close);
  const [draft, setDraft] = useState<Filters>(stored);
  const [locating, setLocating] = useState(false);
  const [failure, setFailure] = useState<PositionFailure | null>(null);
  const deviceLocation = useDeviceLocation();
  const address = useAddressMutation();
  const radiusKm = draft.near?.radiusKm ?? DEFAULT_RADIUS_KM;

  async function useMyPosition() {
    setLocating(true);
    setFailure(null);
    const result = await deviceLocation.current();
    if (!result.ok) {
      setFailure(result.reason);
      setLocating(false);
      return;
    }
    const named = await address.mutateAsync({ ...result.position, language }).catch(() => null);
    setDraft((d) => ({
      ...d,
      near: {
        ...result.position,
        radiusKm,
        label: named ? t('location.near', { place: named.label }) : t('location.myPosition'),
      },
    }));
    setLocating(false);
  }

  const toggleSport = (sportId: string) =>
    setDraft((d) => ({
      ...d,
      sportIds: d.sportIds.includes(sportId) ? d.sportIds.filter((s) => s !== sportId) : [...d.sportIds, sportId],
    }));

  return (
    <>
      <div className="sheet-body filters" data-testid={`${kind}-filters`}>
        <section className="filters-section" aria-labelledby={`${kind}-filters-where`}>
          <h3 id={`${kind}-filters-where`}>{t('location.filters.where')}</h3>
          <PlaceSearch
            testId="filters-place"
            near={draft.near ?? DEFAULT_MAP_CENTER}
            onSelect={(place) => {
              setFailure(null);
              setDraft((d) => ({ ...d, near: { ...place, radiusKm } }));
            }}
          />
          <button
            type="button"
            className="btn btn-outline btn-block"
            data-testid="filters-use-my-position"
            disabled={locating}
            onClick={useMyPosition}
          >
            {locating ? t('location.locating') : t('location.useMyPosition')}
          </button>
          {failure && (
            <p className="filters-alert" role="alert" data-testid="geolocation-message">
              {failure === 'DENIED' ? t('messages.geolocationDisabled') : t('location.positionUnavailable')}
            </p>
          )}
          {draft.near && (
            <div className="filters-chosen" data-testid="filters-chosen-place">
              <span>{draft.near.label ?? t('location.myPosition')}</span>
              <button
                type="button"
                className="btn btn-ghost"
                data-testid="filters-clear-place"
                onClick={() => setDraft((d) => ({ ...d, near: null }))}
              >
                {t('location.search.clear')}
              </button>
            </div>
          )}
          {draft.near && (
            <fieldset className="filters-chips">
              <legend>{t('location.filters.radius')}</legend>
              {RADIUS_CHOICES_KM.map((km) => (
                <Chip
                  key={km}
                  on={km === radiusKm}
                  radioName={`${kind}-radius`}
                  testId={`filters-radius-${km}`}
                  onChange={() => setDraft((d) => (d.near ? { ...d, near: { ...d.near, radiusKm: km } } : d))}
                >
                  {t('location.filters.radiusKm', { km })}
                </Chip>
              ))}
            </fieldset>
          )}
        </section>
        <section className="filters-section" aria-labelledby={`${kind}-filters-sports`}>
          <h3 id={`${kind}-filters-sports`}>{t('location.filters.sports')}</h3>
          <SportChips selected={draft.sportIds} onToggle={toggleSport} testIdPrefix="filters-sport" />
          {draft.sportIds.length === 0 && <p className="muted">{t('location.filters.allSports')}</p>}
        </section>
      </div>
      <div className="sheet-footer filters-footer">
        <button
          type="button"
          className="btn btn-outline"
          data-testid="filters-reset"
          onClick={() => setDraft(emptyFilters)}
        >
          {t('location.filters.reset')}
        </button>
        <button
          type="button"
          className="btn btn-blue"
          data-testid="filters-apply"
          onClick={() => {
            save(draft);
            close(sheetKey);
          }}
        >
          {t('location.filters.apply')}
        </button>
      </div>
    </>
  );
}
