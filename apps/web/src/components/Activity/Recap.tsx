import type { Activity, Recap, RecapPhoto } from '@cordata/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadError } from '../../api/upload.ts';
import { formatDate, formatDateTime, formatDuration } from '../../i18n/dates.ts';
import { getPlatform } from '../../native/index.ts';
import { useAddRecapPhotoMutation, useDeleteRecapPhotoMutation, useRecapQuery } from '../../state/queries/recap.ts';
import { confirm, showError, showSuccess } from '../feedback.ts';
import { ImageFileInput } from '../forms/ImageFileInput.tsx';
import { showPicturePermissionError, takeOrChoosePicture } from '../forms/picture.ts';
import { RouteMap } from '../Map/RouteMap.tsx';
import { fullName } from '../People/format.ts';
import { Avatar } from '../People/People.tsx';
import { QueryState } from '../QueryState.tsx';
import { Climb } from './Climb.tsx';
import { formatDistance } from './format.ts';
import { endpointMarkers } from './markers.ts';

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
            markers={endpointMarkers(start, end, t)}
            center={start}
            testId="recap-map"
          />
        )}
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
      </section>
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
