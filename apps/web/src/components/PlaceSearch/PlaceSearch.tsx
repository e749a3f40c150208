import type { Language, LatLng } from '@cordata/contract';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { FALLBACK_LANGUAGE } from '../../contract.ts';
import { isLanguage } from '../../i18n/index.ts';
import { PLACE_SEARCH_MIN_LENGTH, usePlaceSearchQuery } from '../../state/queries/location.ts';
import { Icon } from '../Icon.tsx';
import { useDebouncedValue } from './useDebouncedValue.ts';
import './PlaceSearch.css';

/** What choosing a place gives back. */
export interface PickedPlace extends LatLng {
  label: string;
}

export interface PlaceSearchProps {
  /** Called with the place the user chose, by tap, click or Enter. */
  onSelect: (place: PickedPlace) => void;
  /** Results near this point come first (e.g. the device's position or the map centre). */
  near?: LatLng;
  /** The visible label; the search field's own when left out. */
  label?: string;
  placeholder?: string;
  /** Prefix of the test ids: `${testId}-input`, `${testId}-option-0`… */
  testId?: string;
  autoFocus?: boolean;
}

/**
 * A place search field: debounced typing, results cached briefly, a list that works with the
 * keyboard (arrows, Enter, Escape) and with big touch targets. Reusable for the activity route,
 * the filters and the group's location.
 */
export function PlaceSearch({
  onSelect,
  near,
  label,
  placeholder,
  testId = 'place-search',
  autoFocus,
}: PlaceSearchProps) {
  const { t, i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(text);
  const search = usePlaceSearchQuery(query, language, near);
  const results = search.data ?? [];
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const typedEnough = text.trim().length >= PLACE_SEARCH_MIN_LENGTH;
  const settled = query.trim() === text.trim() && !search.isFetching;
  const showList = open && typedEnough;

  function choose(index: number) {
    const place = results[index];
    if (!place) return;
    onSelect({ latitude: place.latitude, longitude: place.longitude, label: place.label });
    setText('');
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!results.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + results.length) % results.length);
    } else if (event.key === 'Enter' && showList && results.length) {
      event.preventDefault();
      choose(active >= 0 ? active : 0);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  }

  let status: string | null = null;
  if (open && text.trim() && !typedEnough) status = t('location.search.typeMore');
  else if (showList && search.isError && settled) {
    const code = isApiError(search.error) ? search.error.code : null;
    status = code === 'SERVICE_UNAVAILABLE' || !code ? t('location.search.failed') : t(`errors.${code}`);
  } else if (showList && !results.length && settled && search.isSuccess) {
    status = t('location.search.noResults', { query: text.trim() });
  } else if (showList && !results.length) status = t('location.search.searching');

  return (
    <div className="place-search" data-testid={testId}>
      <label className="place-search-label" htmlFor={`${id}-input`}>
        {label ?? t('location.search.label')}
      </label>
      <div className="place-search-field">
        <input
          id={`${id}-input`}
          data-testid={`${testId}-input`}
          type="search"
          role="combobox"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: opt-in, for a sheet whose only purpose is this search
          autoFocus={autoFocus}
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          placeholder={placeholder ?? t('location.search.placeholder')}
          value={text}
          maxLength={100}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {text && (
          <button
            type="button"
            className="icon-btn place-search-clear"
            aria-label={t('location.search.clear')}
            data-testid={`${testId}-clear`}
            onClick={() => {
              setText('');
              setActive(-1);
            }}
          >
            <Icon name="close" />
          </button>
        )}
      </div>
      {showList && results.length > 0 && (
        <div className="place-search-results" id={listId} role="listbox" data-testid={`${testId}-results`}>
          {results.map((place, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys for its options
            <div
              key={place.placeId}
              id={optionId(i)}
              role="option"
              // Focus stays in the input (aria-activedescendant points here), as the combobox pattern wants.
              tabIndex={-1}
              aria-selected={i === active}
              className={i === active ? 'place-search-option active' : 'place-search-option'}
              data-testid={`${testId}-option-${i}`}
              // Pointer down would blur the input first and close the list before the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(i)}
            >
              <span className="place-search-name">{place.label.split(', ')[0]}</span>
              <span className="place-search-context">{place.label.split(', ').slice(1).join(', ')}</span>
            </div>
          ))}
        </div>
      )}
      {status && (
        <p className="place-search-status muted" role="status" data-testid={`${testId}-status`}>
          {status}
        </p>
      )}
    </div>
  );
}
