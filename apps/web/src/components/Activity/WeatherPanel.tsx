import type { Activity, ActivityWeather, WeatherChoice, WeatherPoint, WeatherThresholds } from '@cordata/contract';
import { weatherChoices } from '@cordata/contract/weather';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatLongDate } from '../../i18n/dates.ts';
import {
  useActivityWeatherQuery,
  useWeatherDecideMutation,
  useWeatherThresholdsMutation,
} from '../../state/queries/weather.ts';
import { reporting } from '../feedback.ts';
import { Action, type ActionKind } from '../kit/Action.tsx';
import { Confirm } from '../kit/Confirm.tsx';
import { useClock } from './clock.ts';
import { formatDistance, formatMetres } from './format.ts';
import { weatherSky } from './weather-format.ts';

/**
 * The weather of an activity (issue 24): the forecast at the meeting point hour by hour, along the route at
 * the group's times and at the top, what breaks the organiser's limits, and the organiser's answer. Shows
 * nothing where no forecast source is configured or once the activity is over.
 */
export function WeatherPanel({ activity }: { activity: Activity }) {
  const { t, i18n } = useTranslation();
  const query = useActivityWeatherQuery(activity.activityId);
  const weather = query.data;
  const [preselected, forgetPreselected] = usePreselectedChoice(weatherChoices(!!activity.backupRoute));
  if (!weather || weather.state === 'NOT_CONFIGURED' || weather.state === 'PAST') return null;
  return (
    <section className="weather" data-testid="weather" data-state={weather.state}>
      <h3>{t('activity.weather.title')}</h3>
      {weather.decision && <Decision weather={weather} />}
      {weather.state === 'TOO_EARLY' && (
        <p className="muted" data-testid="weather-too-early">
          {t('activity.weather.tooEarly', {
            date: formatLongDate(new Date(weather.availableFrom), i18n.language),
          })}
        </p>
      )}
      {weather.state === 'UNAVAILABLE' && (
        <p className="muted" data-testid="weather-unavailable">
          {t('activity.weather.unavailable')}
        </p>
      )}
      {weather.state === 'AVAILABLE' && (
        <>
          <Warning weather={weather} timeZone={activity.timeZone} />
          {activity.isAdmin && (weather.breaches.length > 0 || preselected) && (
            <DecisionActions activity={activity} preselected={preselected} onDone={forgetPreselected} />
          )}
          <Forecast weather={weather} timeZone={activity.timeZone} />
        </>
      )}
      <Thresholds activity={activity} weather={weather} />
      {weather.attribution && (
        <p className="weather-credit" data-testid="weather-credit">
          {weather.attribution}
        </p>
      )}
    </section>
  );
}

function Decision({ weather }: { weather: ActivityWeather }) {
  const { t } = useTranslation();
  const choice = weather.decision!.choice;
  return (
    <p className={`weather-decision weather-decision-${choice.toLowerCase()}`} data-testid="weather-decision">
      {t(`activity.weather.decision.${choice}`)}
    </p>
  );
}

function Warning({ weather, timeZone }: { weather: ActivityWeather; timeZone: string }) {
  const { t } = useTranslation();
  const clock = useClock(timeZone);
  if (weather.breaches.length === 0)
    return (
      <p className="weather-ok" data-testid="weather-ok">
        {t('activity.weather.withinLimits')}
      </p>
    );
  return (
    <div className="weather-warning" role="alert" data-testid="weather-warning">
      <strong>{t('activity.weather.overLimits')}</strong>
      <ul>
        {weather.breaches.map((b) => (
          <li key={b.kind} data-testid={`weather-breach-${b.kind}`}>
            {t(`activity.weather.breach.${b.kind}`, {
              value: Math.round(b.value),
              limit: b.limit === null ? '' : Math.round(b.limit),
              time: clock(b.time),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The answer a push's button chose (`?weather=MOVE`, docs/weather.md), when it is one offered here. */
function usePreselectedChoice(offered: WeatherChoice[]) {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('weather');
  const choice = offered.find((c) => c === asked) ?? null;
  const forget = () =>
    setSearch(
      (s) => {
        s.delete('weather');
        return s;
      },
      { replace: true },
    );
  return [choice, forget] as const;
}

/**
 * Keep, move, switch to the backup route (when there is one) or cancel: the organiser's answer, told to every
 * participant. Opened from a push's button, the chosen answer waits here for a confirming tap.
 */
function DecisionActions({
  activity,
  preselected,
  onDone,
}: {
  activity: Activity;
  preselected: WeatherChoice | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const decide = useWeatherDecideMutation(activity.activityId);
  const offered = weatherChoices(!!activity.backupRoute);
  const [mode, setMode] = useState<WeatherChoice | null>(preselected);
  const [date, setDate] = useState(activity.date);
  const [startTime, setStartTime] = useState(activity.startTime);
  const [endTime, setEndTime] = useState(activity.endTime);
  const ids = { date: useId(), start: useId(), end: useId() };
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (preselected) box.current?.scrollIntoView({ block: 'center' });
  }, [preselected]);
  const options = reporting(undefined, () => {
    setMode(null);
    onDone();
  });
  const move = (e: FormEvent) => {
    e.preventDefault();
    decide.mutate({ choice: 'MOVE', date, startTime, endTime }, options);
  };
  const toggle = (choice: WeatherChoice) => setMode(mode === choice ? null : choice);
  const button: Record<WeatherChoice, { label: string; kind: ActionKind; onClick: () => void }> = {
    KEEP: { label: 'keep', kind: 'outline', onClick: () => decide.mutate({ choice: 'KEEP' }, options) },
    MOVE: { label: 'move', kind: 'blue', onClick: () => toggle('MOVE') },
    SWITCH_BACKUP: { label: 'switchBackup', kind: 'outline', onClick: () => toggle('SWITCH_BACKUP') },
    CANCEL: { label: 'cancel', kind: 'error', onClick: () => toggle('CANCEL') },
  };
  const confirmBox = (
    choice: 'KEEP' | 'SWITCH_BACKUP' | 'CANCEL',
    question: string,
    label: string,
    kind: ActionKind,
  ) => (
    <Confirm className="weather-form" testId={`weather-${testIdOf[choice]}-confirm`}>
      <Confirm.Question>{t(`activity.weather.${question}`)}</Confirm.Question>
      <Action
        kind={kind}
        testId={`weather-${testIdOf[choice]}-submit`}
        pending={decide.isPending}
        onPress={() => decide.mutate({ choice }, options)}
      >
        {t(`activity.weather.${label}`)}
      </Action>
    </Confirm>
  );
  return (
    <div className="weather-actions" data-testid="weather-actions" ref={box}>
      <p className="muted">{t('activity.weather.askOrganiser')}</p>
      <div className="weather-buttons">
        {offered.map((choice) => (
          <Action
            key={choice}
            kind={button[choice].kind}
            testId={`weather-${testIdOf[choice]}`}
            aria-pressed={mode === choice}
            pending={decide.isPending}
            onPress={button[choice].onClick}
          >
            {t(`activity.weather.${button[choice].label}`)}
          </Action>
        ))}
      </div>
      {mode === 'MOVE' && (
        <form className="weather-form" onSubmit={move} data-testid="weather-move-form">
          <label htmlFor={ids.date}>{t('activity.weather.newDate')}</label>
          <input id={ids.date} type="date" value={date} required onChange={(e) => setDate(e.target.value)} />
          <div className="weather-form-times">
            <span>
              <label htmlFor={ids.start}>{t('activity.weather.newStart')}</label>
              <input
                id={ids.start}
                type="time"
                value={startTime}
                required
                onChange={(e) => setStartTime(e.target.value)}
              />
            </span>
            <span>
              <label htmlFor={ids.end}>{t('activity.weather.newEnd')}</label>
              <input id={ids.end} type="time" value={endTime} required onChange={(e) => setEndTime(e.target.value)} />
            </span>
          </div>
          <Action type="submit" testId="weather-move-submit" pending={decide.isPending}>
            {t('activity.weather.moveConfirm')}
          </Action>
        </form>
      )}
      {mode === 'KEEP' && confirmBox('KEEP', 'keepQuestion', 'keepConfirm', 'primary')}
      {mode === 'SWITCH_BACKUP' && confirmBox('SWITCH_BACKUP', 'switchQuestion', 'switchConfirm', 'primary')}
      {mode === 'CANCEL' && confirmBox('CANCEL', 'cancelQuestion', 'cancelConfirm', 'error')}
    </div>
  );
}

/** The test ids the buttons had before the backup route: weather-keep, weather-move, weather-cancel. */
const testIdOf: Record<WeatherChoice, string> = {
  KEEP: 'keep',
  MOVE: 'move',
  SWITCH_BACKUP: 'switch',
  CANCEL: 'cancel',
};

function Forecast({ weather, timeZone }: { weather: ActivityWeather; timeZone: string }) {
  const { t } = useTranslation();
  const start = weather.points.find((p) => p.kind === 'START');
  const along = weather.points.filter((p) => p.kind !== 'START' && p.hours.length > 0);
  return (
    <>
      {start && (
        <div className="weather-block">
          <h4>{t('activity.weather.meetingPoint')}</h4>
          <ol className="weather-hours" data-testid="weather-hours">
            {start.hours.map((h) => (
              <HourCell key={h.time} hour={h} timeZone={timeZone} />
            ))}
          </ol>
        </div>
      )}
      {along.length > 0 && (
        <div className="weather-block">
          <h4>{t('activity.weather.alongRoute')}</h4>
          <ul className="weather-route" data-testid="weather-route">
            {along.map((p) => (
              <RoutePoint key={`${p.kind}-${p.distance}`} point={p} timeZone={timeZone} />
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

type Hour = WeatherPoint['hours'][number];

function HourCell({ hour, timeZone }: { hour: Hour; timeZone: string }) {
  const { t } = useTranslation();
  const clock = useClock(timeZone);
  const sky = weatherSky(hour.weatherCode);
  return (
    <li className="weather-hour" data-testid="weather-hour">
      <span className="weather-time">{clock(hour.time)}</span>
      <span className="weather-sky">{t(`activity.weather.sky.${sky}`)}</span>
      <span className="weather-temp">{hour.temperature === null ? '–' : `${Math.round(hour.temperature)}°`}</span>
      <span className="weather-small">
        {t('activity.weather.rainShort', { value: hour.precipitationProbability ?? '–' })}
      </span>
      <span className="weather-small">
        {t('activity.weather.gustShort', { value: hour.gustKmh === null ? '–' : Math.round(hour.gustKmh) })}
      </span>
    </li>
  );
}

function RoutePoint({ point, timeZone }: { point: WeatherPoint; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const clock = useClock(timeZone);
  const hour = point.hours[0]!;
  const sky = weatherSky(hour.weatherCode);
  const where =
    point.kind === 'HIGHEST'
      ? t('activity.weather.highest', { elevation: formatMetres(point.elevation ?? 0, i18n.language) })
      : t('activity.weather.atDistance', { distance: formatDistance(point.distance, i18n.language) });
  return (
    <li className="weather-point" data-testid={`weather-point-${point.kind}`}>
      <span className="weather-where">
        <strong>{where}</strong> · {clock(point.at)}
      </span>
      <span className="weather-point-values">
        {t(`activity.weather.sky.${sky}`)} · {hour.temperature === null ? '–' : `${Math.round(hour.temperature)}°`} ·{' '}
        {t('activity.weather.rainShort', { value: hour.precipitationProbability ?? '–' })} ·{' '}
        {t('activity.weather.gustShort', { value: hour.gustKmh === null ? '–' : Math.round(hour.gustKmh) })}
      </span>
    </li>
  );
}

/** The limits judged, and for organisers a form to change them (empty: not checked). */
function Thresholds({ activity, weather }: { activity: Activity; weather: ActivityWeather }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const l = weather.thresholds;
  const parts = [
    l.maxGustKmh !== null && t('activity.weather.limit.gusts', { value: l.maxGustKmh }),
    l.maxRainProbability !== null && t('activity.weather.limit.rain', { value: l.maxRainProbability }),
    l.minTemperature !== null && t('activity.weather.limit.min', { value: l.minTemperature }),
    l.maxTemperature !== null && t('activity.weather.limit.max', { value: l.maxTemperature }),
    l.thunderstorms && t('activity.weather.limit.thunder'),
  ].filter(Boolean);
  return (
    <div className="weather-limits" data-testid="weather-limits">
      <p className="muted">
        {weather.defaultThresholds ? t('activity.weather.limitsDefault') : t('activity.weather.limitsSet')}{' '}
        {parts.join(' · ')}
      </p>
      {activity.isAdmin && !editing && (
        <Action kind="ghost" testId="weather-limits-edit" onPress={() => setEditing(true)}>
          {t('activity.weather.changeLimits')}
        </Action>
      )}
      {activity.isAdmin && editing && (
        <ThresholdsForm activityId={activity.activityId} initial={l} onDone={() => setEditing(false)} />
      )}
    </div>
  );
}

const asNumber = (s: string) => (s.trim() === '' ? null : Number(s));
const asText = (n: number | null) => (n === null ? '' : String(n));

function ThresholdsForm({
  activityId,
  initial,
  onDone,
}: {
  activityId: string;
  initial: WeatherThresholds;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useWeatherThresholdsMutation(activityId);
  const [gusts, setGusts] = useState(asText(initial.maxGustKmh));
  const [rain, setRain] = useState(asText(initial.maxRainProbability));
  const [min, setMin] = useState(asText(initial.minTemperature));
  const [max, setMax] = useState(asText(initial.maxTemperature));
  const [thunder, setThunder] = useState(initial.thunderstorms);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        maxGustKmh: asNumber(gusts),
        maxRainProbability: asNumber(rain),
        minTemperature: asNumber(min),
        maxTemperature: asNumber(max),
        thunderstorms: thunder,
      },
      reporting(undefined, onDone),
    );
  };
  const field = (key: string, value: string, set: (v: string) => void, range: [number, number]) => (
    <span className="weather-field">
      <label htmlFor={`${id}-${key}`}>{t(`activity.weather.field.${key}`)}</label>
      <input
        id={`${id}-${key}`}
        type="number"
        inputMode="numeric"
        min={range[0]}
        max={range[1]}
        value={value}
        data-testid={`weather-field-${key}`}
        onChange={(e) => set(e.target.value)}
      />
    </span>
  );
  return (
    <form className="weather-form" onSubmit={submit} data-testid="weather-limits-form">
      <div className="weather-fields">
        {field('gusts', gusts, setGusts, [0, 300])}
        {field('rain', rain, setRain, [0, 100])}
        {field('min', min, setMin, [-60, 60])}
        {field('max', max, setMax, [-60, 60])}
      </div>
      <label className="weather-check">
        <input type="checkbox" checked={thunder} onChange={(e) => setThunder(e.target.checked)} />
        {t('activity.weather.field.thunder')}
      </label>
      <p className="muted">{t('activity.weather.emptyNotChecked')}</p>
      <div className="weather-buttons">
        <Action type="submit" testId="weather-limits-save" pending={save.isPending}>
          {t('activity.weather.save')}
        </Action>
        <Action kind="ghost" pending={save.isPending} onPress={() => save.mutate(null, reporting(undefined, onDone))}>
          {t('activity.weather.useDefaults')}
        </Action>
      </div>
    </form>
  );
}
