import type { Language } from '@cordata/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chip, SportChips } from '../../components/forms/Chips.tsx';
import { PlaceSearch } from '../../components/PlaceSearch/PlaceSearch.tsx';
import {
  DEFAULT_MAP_CENTER,
  FALLBACK_LANGUAGE,
  GRADE_SCALES,
  gradeScalesOfSport,
  SCALE_GRADES,
} from '../../contract.ts';
import { isLanguage } from '../../i18n/index.ts';
import { type PositionFailure, useDeviceLocation } from '../../location/geolocation.ts';
import {
  DATE_PRESETS,
  type DateFilter,
  DIFFICULTIES,
  emptyHomeFilters,
  type HomeFilters,
  MAX_ROUTE_CHOICES_KM,
} from '../../state/homeFilters.ts';
import { useAddressMutation } from '../../state/queries/location.ts';
import { useUiStore } from '../../state/ui.ts';
import { useSheetStore } from '../store.ts';
import '../../components/forms/forms.css';
import './FiltersSheet.css';

/**
 * Home's maximum grade (issue 24): the scales of the chosen sports (every scale with none chosen), one grade on one
 * of them at most. Activities not graded on that scale are left out by the server: unknown is never guessed.
 */
function MaxGradeSection({
  draft,
  setDraft,
}: {
  draft: HomeFilters;
  setDraft: (update: (d: HomeFilters) => HomeFilters) => void;
}) {
  const { t } = useTranslation();
  const chosen = new Set(draft.sportIds.flatMap((sportId) => gradeScalesOfSport(sportId)));
  const scales = GRADE_SCALES.filter(
    (scale) => draft.sportIds.length === 0 || chosen.has(scale) || draft.maxGrade?.scale === scale,
  );
  if (scales.length === 0) return null;
  return (
    <section className="filters-section" aria-labelledby="home-filters-grade">
      <h3 id="home-filters-grade">{t('activity.grade.filterTitle')}</h3>
      <p className="muted">{t('activity.grade.filterHint')}</p>
      {scales.map((scale) => (
        <div className="field" key={scale}>
          <label htmlFor={`home-filters-grade-${scale}`}>{t(`activity.grade.scale.${scale}`)}</label>
          <select
            id={`home-filters-grade-${scale}`}
            data-testid={`filters-max-grade-${scale}`}
            value={draft.maxGrade?.scale === scale ? draft.maxGrade.grade : ''}
            onChange={(e) => {
              const grade = e.target.value;
              setDraft((d) => ({
                ...d,
                maxGrade: grade ? { scale, grade } : d.maxGrade?.scale === scale ? null : d.maxGrade,
              }));
            }}
          >
            <option value="">{t('activity.grade.filterAny')}</option>
            {SCALE_GRADES[scale].map((grade) => (
              <option key={grade} value={grade}>
                {grade}
              </option>
            ))}
          </select>
        </div>
      ))}
    </section>
  );
}

export const RADIUS_CHOICES_KM = [10, 25, 50, 100] as const;
const DEFAULT_RADIUS_KM = 25;

/**
 * The home and group filters of spec §2: a place (searched, or the device's position) with a
 * radius, and sports; home adds dates, difficulties and the longest route (issue 19).
 * Nothing applies until "Show results", so a half-made choice never leaks.
 */
export function FiltersContent({ sheetKey, kind }: { sheetKey: number; kind: 'home' | 'group' }) {
  const { t, i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  const stored = useUiStore((s) => (kind === 'home' ? s.homeFilters : s.groupFilters));
  const setHomeFilters = useUiStore((s) => s.setHomeFilters);
  const setGroupFilters = useUiStore((s) => s.setGroupFilters);
  const close = useSheetStore((s) => s.close);
  // One draft shape for both: the group filters use only the place and the sports.
  const [draft, setDraft] = useState<HomeFilters>(() => ({ ...emptyHomeFilters, ...stored }));
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
  const setDate = (date: DateFilter) => setDraft((d) => ({ ...d, date }));
  const customDate = draft.date.kind === 'CUSTOM' ? draft.date : null;

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
        {kind === 'home' && (
          <>
            <section className="filters-section" aria-labelledby="home-filters-when">
              <h3 id="home-filters-when">{t('location.filters.when')}</h3>
              <div className="filters-chips">
                {[...DATE_PRESETS, 'CUSTOM' as const].map((preset) => (
                  <Chip
                    key={preset}
                    on={draft.date.kind === preset}
                    radioName="home-date"
                    testId={`filters-date-${preset}`}
                    onChange={() =>
                      setDate(preset === 'CUSTOM' ? { kind: 'CUSTOM', from: null, to: null } : { kind: preset })
                    }
                  >
                    {t(`location.filters.date.${preset}`)}
                  </Chip>
                ))}
              </div>
              {customDate && (
                <div className="filters-dates">
                  <DateField
                    end="from"
                    value={customDate.from}
                    max={customDate.to}
                    onChange={(from) => setDate({ ...customDate, from })}
                  />
                  <DateField
                    end="to"
                    value={customDate.to}
                    min={customDate.from}
                    onChange={(to) => setDate({ ...customDate, to })}
                  />
                </div>
              )}
            </section>
            <section className="filters-section" aria-labelledby="home-filters-difficulty">
              <h3 id="home-filters-difficulty">{t('location.filters.difficulty')}</h3>
              <div className="filters-chips">
                {DIFFICULTIES.map((level) => (
                  <Chip
                    key={level}
                    on={draft.difficulties.includes(level)}
                    testId={`filters-difficulty-${level}`}
                    onChange={() =>
                      setDraft((d) => ({
                        ...d,
                        difficulties: d.difficulties.includes(level)
                          ? d.difficulties.filter((l) => l !== level)
                          : DIFFICULTIES.filter((l) => l === level || d.difficulties.includes(l)),
                      }))
                    }
                  >
                    {t(`activity.difficulty.${level}`)}
                  </Chip>
                ))}
              </div>
              {draft.difficulties.length === 0 && <p className="muted">{t('location.filters.anyDifficulty')}</p>}
            </section>
            <section className="filters-section" aria-labelledby="home-filters-distance">
              <h3 id="home-filters-distance">{t('location.filters.maxDistance')}</h3>
              <p className="muted">{t('location.filters.maxDistanceHint')}</p>
              <div className="filters-chips">
                {[null, ...MAX_ROUTE_CHOICES_KM].map((km) => (
                  <Chip
                    key={km ?? 'any'}
                    on={draft.maxRouteKm === km}
                    radioName="home-max-route"
                    testId={`filters-max-route-${km ?? 'any'}`}
                    onChange={() => setDraft((d) => ({ ...d, maxRouteKm: km }))}
                  >
                    {km === null ? t('location.filters.anyDistance') : t('location.filters.distanceKm', { km })}
                  </Chip>
                ))}
              </div>
            </section>
            <section className="filters-section" aria-labelledby="home-filters-fit">
              <h3 id="home-filters-fit">{t('activity.fit.filterTitle')}</h3>
              <p className="muted">{t('activity.fit.filterHint')}</p>
              <div className="filters-chips">
                <Chip
                  on={draft.fitsMe}
                  testId="filters-fits-me"
                  onChange={() => setDraft((d) => ({ ...d, fitsMe: !d.fitsMe }))}
                >
                  {t('activity.fit.filterChip')}
                </Chip>
              </div>
            </section>
            <MaxGradeSection draft={draft} setDraft={setDraft} />
            <section className="filters-section" aria-labelledby="home-filters-step-free">
              <h3 id="home-filters-step-free">{t('activity.onTheWay.filterTitle')}</h3>
              <p className="muted">{t('activity.onTheWay.filterHint')}</p>
              <div className="filters-chips">
                <Chip
                  on={draft.stepFree}
                  testId="filters-step-free"
                  onChange={() => setDraft((d) => ({ ...d, stepFree: !d.stepFree }))}
                >
                  {t('activity.onTheWay.stepFree')}
                </Chip>
              </div>
            </section>
          </>
        )}
      </div>
      <div className="sheet-footer filters-footer">
        <button
          type="button"
          className="btn btn-outline"
          data-testid="filters-reset"
          onClick={() => setDraft(emptyHomeFilters)}
        >
          {t('location.filters.reset')}
        </button>
        <button
          type="button"
          className="btn btn-blue"
          data-testid="filters-apply"
          onClick={() => {
            if (kind === 'home') setHomeFilters(draft);
            else setGroupFilters({ near: draft.near, sportIds: draft.sportIds });
            close(sheetKey);
          }}
        >
          {t('location.filters.apply')}
        </button>
      </div>
    </>
  );
}

/** One end of the custom date range: a labelled date input (`home-filters-{end}`, test id `filters-date-{end}`). */
function DateField({
  end,
  value,
  min,
  max,
  onChange,
}: {
  end: 'from' | 'to';
  value: string | null;
  min?: string | null;
  max?: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={`home-filters-${end}`}>{t(`location.filters.${end}`)}</label>
      <input
        id={`home-filters-${end}`}
        type="date"
        data-testid={`filters-date-${end}`}
        value={value ?? ''}
        min={min ?? undefined}
        max={max ?? undefined}
        onChange={(e) => onChange(e.target.value || null)}
      />
    </div>
  );
}
