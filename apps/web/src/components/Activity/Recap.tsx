import type { Activity, Recap, RecapLine, RecapPhoto } from '@cordata/contract';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadError } from '../../api/upload.ts';
import { formatDate, formatDateTime, formatDuration } from '../../i18n/dates.ts';
import { getPlatform } from '../../native/index.ts';
import {
  useAddRecapPhotoMutation,
  useAddRecordingMutation,
  useDeleteRecapPhotoMutation,
  useDeleteRecordingMutation,
  useRecapQuery,
  useSetRecordingSharedMutation,
} from '../../state/queries/recap.ts';
import { confirm, showError, showSuccess } from '../feedback.ts';
import { ImageFileInput } from '../forms/ImageFileInput.tsx';
import { showPicturePermissionError, takeOrChoosePicture } from '../forms/picture.ts';
import { type ExtraLine, RouteMap } from '../Map/RouteMap.tsx';
import { fullName } from '../People/format.ts';
import { Avatar } from '../People/People.tsx';
import { QueryState } from '../QueryState.tsx';
import { Climb } from './Climb.tsx';
import { formatDistance } from './format.ts';
import { endpointMarkers } from './markers.ts';
import { lineColour, lineOwner, percentOf, RECORDING_ACCEPT, recordingErrorText, recordingType } from './recording.ts';

// Whether the page is the recap: phase.ts, which the bottom bar shares without loading the recap's map.
export { showsRecap } from './phase.ts';

/** An ended activity as its participants see it: their photo album, who came, and the route. */
export function ActivityRecap({ activity }: { activity: Activity }) {
  const query = useRecapQuery(activity.activityId);
  return (
    <QueryState query={query} testPrefix="recap" skeleton="page">
      {(recap) => <RecapView recap={recap} />}
    </QueryState>
  );
}

function RecapView({ recap }: { recap: Recap }) {
  const { t, i18n } = useTranslation();
  const { route } = recap;
  const start = route.points[0];
  const end = route.points[route.points.length - 1];
  const came = recap.attendees.filter((a) => a.attendance !== 'NO_SHOW' && a.attendance !== 'EXCUSED');
  // The real lines over the planned route, each in its colour (the legend uses the same order).
  const extraLines = useMemo<ExtraLine[]>(
    () =>
      recap.lines.map((line, i) => ({
        id: line.person.userId,
        points: line.points,
        breaks: line.breaks,
        color: lineColour(i),
      })),
    [recap.lines],
  );
  return (
    <section className="recap" data-testid="recap">
      <h3 className="recap-title">{t('recap.title')}</h3>
      {/* The photos first (issue 44): after an outing they are what people come back for. */}
      <Album recap={recap} />
      <section className="recap-people" data-testid="recap-attendees">
        <h4>{t('recap.came', { count: came.length })}</h4>
        <ul>
          {recap.attendees.map((a) => (
            <li
              key={a.userId}
              className="recap-attendee"
              data-testid="recap-attendee"
              data-attendance={a.attendance ?? ''}
            >
              <Avatar person={a} size={32} />
              <span>{fullName(a)}</span>
              {a.isAdmin && <span className="tag tag-admin">{t('recap.organiser')}</span>}
              {a.attendance && a.attendance !== 'ATTENDED' && (
                <span className="tag tag-muted">{t(`recap.attendance.${a.attendance}`)}</span>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section data-testid="recap-route">
        <h4>{t('recap.route')}</h4>
        {start && end && (
          <RouteMap
            label={t('activity.view.map')}
            line={route.points}
            breaks={route.breaks}
            extraLines={extraLines}
            markers={endpointMarkers(start, end, t)}
            center={start}
            testId="recap-map"
          />
        )}
        {recap.lines.length > 0 && <LinesLegend lines={recap.lines} />}
        <dl className="activity-stats recap-stats">
          <div>
            <dt>{t('activity.view.distance')}</dt>
            <dd data-testid="recap-distance">{formatDistance(route.totalDistance, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('activity.view.gain')}</dt>
            <dd data-testid="recap-gain">
              <Climb metres={route.totalElevationGain} />
            </dd>
          </div>
          <div>
            <dt>{t('recap.time')}</dt>
            <dd data-testid="recap-time">{formatDuration(route.durationMinutes)}</dd>
          </div>
        </dl>
        <RealTime movingTime={recap.movingTime} />
      </section>
      <YourRecording recap={recap} />
    </section>
  );
}

/** Which line is whose: the planned route, then each real line in its colour, with its moving time. */
function LinesLegend({ lines }: { lines: RecapLine[] }) {
  const { t } = useTranslation();
  return (
    <ul className="recap-legend" data-testid="recap-legend" aria-label={t('recap.lines.title')}>
      <li className="recap-legend-item">
        <span className="recap-swatch recap-swatch-planned" aria-hidden="true" />
        <span>{t('recap.lines.planned')}</span>
      </li>
      {lines.map((line, i) => (
        <li
          key={line.person.userId}
          className="recap-legend-item"
          data-testid="recap-legend-line"
          data-mine={line.mine || undefined}
        >
          <span className="recap-swatch" style={{ backgroundColor: lineColour(i) }} aria-hidden="true" />
          <span>{lineOwner(line, t)}</span>
          {' · '}
          <span className="muted">{formatDuration(line.movingMinutes)}</span>
        </li>
      ))}
    </ul>
  );
}

/** "Real moving time 3 h 10 min (2 recordings) · estimated 2 h 55 min"; nothing before a shared recording. */
function RealTime({ movingTime }: { movingTime: Recap['movingTime'] }) {
  const { t } = useTranslation();
  if (movingTime.realMinutes === null) return null;
  const real = t('recap.realTime', { count: movingTime.recordings, time: formatDuration(movingTime.realMinutes) });
  const estimated =
    movingTime.estimatedMinutes === null
      ? ''
      : ` · ${t('recap.estimated', { time: formatDuration(movingTime.estimatedMinutes) })}`;
  return (
    <p className="recap-real-time" data-testid="recap-real-time">
      {real}
      {estimated}
    </p>
  );
}

/**
 * The caller's recording (issue 42, docs/recordings.md): adding the file from the watch while the recap allows it,
 * what was matched, whether the others see the line, and deleting it.
 */
function YourRecording({ recap }: { recap: Recap }) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const switchId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddRecordingMutation(recap.activityId, setProgress);
  const setShared = useSetRecordingSharedMutation(recap.activityId);
  const remove = useDeleteRecordingMutation(recap.activityId);
  const mine = recap.myRecording;
  if (!mine && !recap.canAddRecording) return null;
  const busy = progress !== null;

  const choose = (file: File | undefined) => {
    if (!file) return;
    const type = recordingType(file);
    if (!type) {
      setProblem(t('recap.recording.wrongType'));
      return;
    }
    setProblem(null);
    setProgress(0);
    add.mutate(
      { file, type },
      {
        onSuccess: () => showSuccess(t('recap.recording.added')),
        onError: (e) => setProblem(recordingErrorText(e, t)),
        onSettled: () => setProgress(null),
      },
    );
  };
  const onDelete = async () => {
    const sure = await confirm({
      title: t('recap.recording.delete'),
      description: t('recap.recording.deleteConfirm'),
      destructive: true,
    });
    if (!sure) return;
    remove.mutate(undefined, {
      onSuccess: () => showSuccess(t('recap.recording.deleted')),
      onError: (e) => showError(e),
    });
  };
  const hint = !mine
    ? null
    : !mine.canShare
      ? t('recap.recording.stravaOnly')
      : mine.shared
        ? t('recap.recording.sharedHint')
        : t('recap.recording.privateHint');

  return (
    <section className="recap-recording" data-testid="recap-recording" data-source={mine?.source}>
      <h4>{t('recap.recording.title')}</h4>
      {mine ? (
        <>
          <dl className="activity-stats recap-stats" data-testid="recap-recording-figures">
            <div>
              <dt>{t('recap.recording.movingTime')}</dt>
              <dd data-testid="recap-recording-time">{formatDuration(mine.movingMinutes)}</dd>
            </div>
            <div>
              <dt>{t('recap.recording.distance')}</dt>
              <dd data-testid="recap-recording-distance">{formatDistance(mine.distance, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('recap.recording.onRoute')}</dt>
              <dd data-testid="recap-recording-on-route">
                {t('recap.recording.onRoutePercent', { percent: percentOf(mine.onRouteShare) })}
              </dd>
            </div>
          </dl>
          {mine.source === 'STRAVA' && <p className="muted">{t('recap.recording.fromStrava')}</p>}
          <label htmlFor={switchId} className="recap-share-toggle">
            <span>
              {t('recap.recording.share')}
              <small className="muted" data-testid="recap-recording-share-hint">
                {hint}
              </small>
            </span>
            <input
              id={switchId}
              type="checkbox"
              role="switch"
              aria-checked={mine.shared}
              data-testid="recap-recording-share"
              checked={mine.shared}
              disabled={!mine.canShare || setShared.isPending}
              onChange={(e) => setShared.mutate(e.target.checked, { onError: (error) => showError(error) })}
            />
          </label>
        </>
      ) : (
        <p className="muted">{t('recap.recording.intro')}</p>
      )}
      <div className="recap-recording-actions">
        {recap.canAddRecording && (
          <>
            <label
              htmlFor={inputId}
              className={`btn ${mine ? 'btn-outline' : 'btn-primary'}${busy ? ' disabled' : ''}`}
              data-testid="recap-add-recording"
            >
              {mine ? t('recap.recording.replace') : t('recap.recording.add')}
            </label>
            <input
              id={inputId}
              type="file"
              accept={RECORDING_ACCEPT}
              className="visually-hidden"
              data-testid="recap-recording-input"
              disabled={busy}
              onChange={(e) => {
                choose(e.target.files?.[0]);
                // The same file may be chosen again after a refusal.
                e.target.value = '';
              }}
            />
          </>
        )}
        {mine && (
          <button
            type="button"
            className="btn btn-ghost"
            data-testid="recap-recording-delete"
            disabled={remove.isPending || busy}
            onClick={() => void onDelete()}
          >
            {t('recap.recording.delete')}
          </button>
        )}
      </div>
      {busy && (
        <progress
          className="recap-progress"
          max={1}
          value={progress}
          aria-label={t('recap.recording.uploading')}
          data-testid="recap-recording-progress"
        />
      )}
      {problem && (
        <p className="form-error" role="alert" data-testid="recap-recording-error">
          {problem}
        </p>
      )}
    </section>
  );
}

function Album({ recap }: { recap: Recap }) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const add = useAddRecapPhotoMutation(recap.activityId, setProgress);
  const platform = getPlatform();
  const until = formatDate(new Date(recap.albumOpenUntil), i18n.language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });

  const choose = async (file: File | null | undefined) => {
    if (!file) return;
    setProgress(0);
    add.mutate(file, {
      onSuccess: () => showSuccess(t('recap.album.added')),
      onError: (e) => (e instanceof UploadError ? showPicturePermissionError(t) : showError(e)),
      onSettled: () => setProgress(null),
    });
  };

  return (
    <section className="recap-album" data-testid="recap-album">
      <h4>{t('recap.album.title', { count: recap.photos.length })}</h4>
      <p className="muted">
        {recap.canUpload ? t('recap.album.openUntil', { date: until }) : t('recap.album.closed')}{' '}
        {t('recap.album.private')}
      </p>
      {recap.canUpload &&
        (platform.isNative ? (
          <button
            type="button"
            className="btn btn-primary"
            data-testid="recap-add-photo-native"
            disabled={progress !== null}
            onClick={async () => void choose(await takeOrChoosePicture(t))}
          >
            {t('recap.album.add')}
          </button>
        ) : (
          <>
            <label htmlFor={inputId} className={`btn btn-primary${progress !== null ? ' disabled' : ''}`}>
              {t('recap.album.add')}
            </label>
            <ImageFileInput
              id={inputId}
              testId="recap-photo-input"
              disabled={progress !== null}
              again
              onFile={(file) => void choose(file)}
            />
          </>
        ))}
      {progress !== null && (
        <progress className="recap-progress" max={1} value={progress} aria-label={t('recap.album.uploading')} />
      )}
      {recap.photos.length === 0 ? (
        <p className="muted" data-testid="recap-album-empty">
          {t('recap.album.empty')}
        </p>
      ) : (
        <ul className="recap-photos">
          {recap.photos.map((photo) => (
            <Photo key={photo.photoId} photo={photo} activityId={recap.activityId} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Photo({ photo, activityId }: { photo: RecapPhoto; activityId: string }) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteRecapPhotoMutation(activityId);
  const who = photo.uploader ? fullName(photo.uploader) : t('notification.someone');
  const when = formatDateTime(new Date(photo.createdAt), i18n.language);
  const onDelete = async () => {
    const sure = await confirm({
      title: t('recap.album.delete'),
      description: t('recap.album.deleteConfirm'),
      destructive: true,
    });
    if (!sure) return;
    remove.mutate(photo.photoId, {
      onSuccess: () => showSuccess(t('recap.album.deleted')),
      onError: (e) => showError(e),
    });
  };
  return (
    <li className="recap-photo" data-testid="recap-photo" data-photo-id={photo.photoId}>
      <a href={photo.url} target="_blank" rel="noreferrer">
        <img src={photo.url} alt={t('recap.album.photoBy', { name: who, time: when })} loading="lazy" />
      </a>
      <p className="recap-photo-caption">
        <span data-testid="recap-photo-uploader">{who}</span>
        <small className="muted">{when}</small>
      </p>
      {photo.canDelete && (
        <button
          type="button"
          className="icon-btn recap-photo-delete"
          aria-label={t('recap.album.deleteLabel', { name: who, time: when })}
          data-testid="recap-photo-delete"
          disabled={remove.isPending}
          onClick={() => void onDelete()}
        >
          ✕
        </button>
      )}
    </li>
  );
}
