import type { LatLng, PrivacyZone } from '@cordata/contract';
import {
  PRIVACY_ZONE_DEFAULT_METRES,
  PRIVACY_ZONE_MAX_METRES,
  PRIVACY_ZONE_MIN_METRES,
  PRIVACY_ZONES_MAX,
} from '@cordata/contract/constants';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MAP_CENTER } from '../../contract.ts';
import {
  useAddZoneMutation,
  useDeleteZoneMutation,
  usePrivacyZonesQuery,
  useRegenerateZoneMutation,
} from '../../state/queries/privacy.ts';
import { formatCount } from '../Activity/format.ts';
import { confirm, errorText, showError, showSuccess } from '../feedback.ts';
import { type MapMarker, RouteMap } from '../Map/RouteMap.tsx';
import { PlaceSearch } from '../PlaceSearch/PlaceSearch.tsx';
import './PrivacyZones.css';

const RADIUS_STEP = 50;

/**
 * Settings › Privacy zones (issue 23, docs/privacy.md): up to 5 circles of 200–1 000 m around points the person
 * chooses; routes, GPX files and live positions inside are trimmed on the server for everyone else. Each circle is
 * offset from its point, and can be drawn again.
 */
export function PrivacyZones() {
  const { t, i18n } = useTranslation();
  const zones = usePrivacyZonesQuery();
  const add = useAddZoneMutation();
  const regenerate = useRegenerateZoneMutation();
  const remove = useDeleteZoneMutation();
  const [point, setPoint] = useState<LatLng | null>(null);
  // Where the map looks: a tapped point keeps the view; a searched place or a new zone moves it there.
  const [focus, setFocus] = useState<LatLng | null>(null);
  const [radius, setRadius] = useState(PRIVACY_ZONE_DEFAULT_METRES);
  const [label, setLabel] = useState('');
  const radiusId = useId();
  const labelId = useId();

  if (zones.isPending) return <p className="muted settings-form">{t('common.loading')}</p>;
  if (zones.isError) return <p className="muted settings-form">{errorText(zones.error)}</p>;
  const list = zones.data;
  const full = list.length >= PRIVACY_ZONES_MAX;
  const metres = (value: number) => t('privacy.metres', { metres: formatCount(value, i18n.language) });
  const name = (zone: PrivacyZone, index: number) => zone.label ?? t('privacy.zone', { number: index + 1 });

  const markers: MapMarker[] = [
    ...list.map((zone, index) => ({
      id: zone.zoneId,
      kind: 'point' as const,
      ...zone.chosen,
      title: name(zone, index),
    })),
    ...(point ? [{ id: 'new-zone', kind: 'here' as const, ...point, title: t('privacy.picked') }] : []),
  ];
  const areas = [...list, ...(point ? [{ ...point, radiusMetres: radius }] : [])];

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!point) return;
    add.mutate(
      { ...point, radiusMetres: radius, label: label.trim() || undefined },
      {
        onError: (error) => showError(error),
        onSuccess: ({ zone }) => {
          setFocus(zone.chosen);
          setPoint(null);
          setLabel('');
          showSuccess(t('privacy.added'));
        },
      },
    );
  }

  async function deleteZone(zone: PrivacyZone) {
    if (!(await confirm({ title: t('privacy.deleteTitle'), description: t('privacy.deleteConfirm') }))) return;
    remove.mutate(zone, { onError: (error) => showError(error), onSuccess: () => showSuccess(t('privacy.deleted')) });
  }

  return (
    <div className="privacy-zones" data-testid="privacy-zones">
      <p>{t('privacy.intro')}</p>
      <RouteMap
        // A map one can tap keeps its view (MapCanvas): a new focus is a new map, looking there.
        key={focus ? `${focus.latitude},${focus.longitude}` : 'first'}
        label={t('privacy.map')}
        markers={markers}
        areas={areas}
        center={focus ?? list[0]?.chosen ?? DEFAULT_MAP_CENTER}
        zoom={13}
        onTap={full ? undefined : setPoint}
        testId="privacy-zones-map"
      />
      {list.length === 0 ? (
        <p className="muted" data-testid="privacy-zones-empty">
          {t('privacy.empty')}
        </p>
      ) : (
        <ul className="privacy-zone-list" data-testid="privacy-zone-list">
          {list.map((zone, index) => (
            <li key={zone.zoneId} className="privacy-zone" data-testid="privacy-zone">
              <span className="privacy-zone-name">
                <strong>{name(zone, index)}</strong>
                <small className="muted">{metres(zone.radiusMetres)}</small>
              </span>
              <span className="privacy-zone-actions">
                <button
                  type="button"
                  className="btn btn-outline"
                  data-testid="privacy-zone-regenerate"
                  disabled={regenerate.isPending}
                  onClick={() =>
                    regenerate.mutate(zone, {
                      onError: (error) => showError(error),
                      onSuccess: () => showSuccess(t('privacy.regenerated')),
                    })
                  }
                >
                  {t('privacy.regenerate')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline destructive"
                  data-testid="privacy-zone-delete"
                  disabled={remove.isPending}
                  onClick={() => void deleteZone(zone)}
                >
                  {t('privacy.delete')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {list.length > 0 && <p className="muted">{t('privacy.offset')}</p>}
      {full ? (
        <p className="muted" data-testid="privacy-zones-full">
          {t('privacy.full', { max: PRIVACY_ZONES_MAX })}
        </p>
      ) : (
        <form className="privacy-zone-form" onSubmit={submit} data-testid="privacy-zone-form">
          <p className="muted">{t('privacy.pick')}</p>
          <PlaceSearch
            testId="privacy-zone-place"
            label={t('privacy.place')}
            placeholder={t('privacy.placeholder')}
            near={point ?? list[0]?.chosen ?? DEFAULT_MAP_CENTER}
            onSelect={({ latitude, longitude }) => {
              setPoint({ latitude, longitude });
              setFocus({ latitude, longitude });
            }}
          />
          <div className="field">
            <label htmlFor={radiusId}>
              {t('privacy.radius')}: <strong data-testid="privacy-zone-radius-value">{metres(radius)}</strong>
            </label>
            <input
              id={radiusId}
              type="range"
              min={PRIVACY_ZONE_MIN_METRES}
              max={PRIVACY_ZONE_MAX_METRES}
              step={RADIUS_STEP}
              value={radius}
              data-testid="privacy-zone-radius"
              onChange={(e) => setRadius(Number(e.target.value))}
            />
          </div>
          <div className="field">
            <label htmlFor={labelId}>{t('privacy.labelField')}</label>
            <input
              id={labelId}
              value={label}
              maxLength={40}
              placeholder={t('privacy.labelPlaceholder')}
              data-testid="privacy-zone-label"
              onChange={(e) => setLabel(e.target.value)}
            />
          </div>
          <button
            type="submit"
            className="btn btn-primary btn-block"
            data-testid="privacy-zone-add"
            disabled={!point || add.isPending}
          >
            {t('privacy.add')}
          </button>
        </form>
      )}
    </div>
  );
}
