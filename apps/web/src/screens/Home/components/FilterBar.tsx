import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon.tsx';
import { formatDate } from '../../../i18n/dates.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { openSheet } from '../../../sheets/store.ts';
import { activeFilters, clearFilter, type FilterKey, type HomeFilters, parseDay } from '../../../state/homeFilters.ts';
import { useSportsQuery } from '../../../state/queries/sports.ts';
import { useUiStore } from '../../../state/ui.ts';
import './FilterBar.css';

/** The button that opens the home filters, with a badge counting the filters in effect. */
export function FiltersButton() {
  const { t } = useTranslation();
  const count = useUiStore((s) => activeFilters(s.homeFilters).length);
  return (
    <button
      type="button"
      className="btn btn-outline home-filters"
      data-testid="open-home-filters"
      aria-label={count > 0 ? t('activity.home.filtersActive', { count }) : t('activity.home.filters')}
      onClick={() => openSheet({ type: 'home-filters', params: {} })}
    >
      <Icon name="sliders" size={20} />
      <span>{t('activity.home.filters')}</span>
      {count > 0 && (
        <span className="home-filters-count" data-testid="home-filters-count" aria-hidden>
          {count}
        </span>
      )}
    </button>
  );
}

/** How a filter in effect reads on its chip. */
function useFilterLabel(filters: HomeFilters) {
  const { t } = useTranslation();
  const sports = useSportsQuery();
  const language = currentLanguage();
  const day = (d: string) => formatDate(parseDay(d), language, { weekday: 'short', day: 'numeric', month: 'short' });
  return (key: FilterKey): string => {
    switch (key) {
      case 'place':
        return t('activity.home.placeWithin', {
          place: filters.near?.label ?? t('location.myPosition'),
          km: filters.near?.radiusKm,
        });
      case 'sports':
        return filters.sportIds
          .map((id) => sports.data?.sports.find((s) => s.sportId === id)?.names[language] ?? id)
          .join(', ');
      case 'date': {
        const date = filters.date;
        if (date.kind !== 'CUSTOM') return t(`location.filters.date.${date.kind}`);
        if (date.from && date.to) return t('activity.home.dateBetween', { from: day(date.from), to: day(date.to) });
        return date.from
          ? t('activity.home.dateFrom', { date: day(date.from) })
          : t('activity.home.dateUntil', { date: day(date.to ?? '') });
      }
      case 'difficulty':
        return filters.difficulties.map((d) => t(`activity.difficulty.${d}`)).join(', ');
      case 'distance':
        return t('activity.home.routeUpTo', { km: filters.maxRouteKm });
      case 'fit':
        return t('activity.fit.filterChip');
      case 'grade':
        return filters.maxGrade
          ? t('activity.grade.filterChip', {
              scale: t(`activity.grade.short.${filters.maxGrade.scale}`),
              grade: filters.maxGrade.grade,
            })
          : '';
      case 'stepFree':
        return t('activity.onTheWay.stepFree');
    }
  };
}

/**
 * One chip per filter in effect, each with a × that removes only that filter. With no place chosen, the row
 * says where the search is centred instead.
 */
export function ActiveFilterChips({ centre }: { centre: string }) {
  const { t } = useTranslation();
  const filters = useUiStore((s) => s.homeFilters);
  const setFilters = useUiStore((s) => s.setHomeFilters);
  const label = useFilterLabel(filters);
  return (
    <ul className="home-active-filters" aria-label={t('activity.home.activeFilters')} data-testid="home-active-filters">
      {filters.near === null && (
        <li className="home-centre" data-testid="home-place">
          {centre}
        </li>
      )}
      {activeFilters(filters).map((key) => (
        <li key={key}>
          <button
            type="button"
            className="filters-chip filters-chip-on home-filter-chip"
            data-testid={`home-filter-${key}`}
            aria-label={t('activity.home.clearFilter', { filter: label(key) })}
            onClick={() => setFilters(clearFilter(filters, key))}
          >
            <span>{label(key)}</span>
            <Icon name="close" size={16} />
          </button>
        </li>
      ))}
    </ul>
  );
}
