import type { Activity, AttendanceEntry, AttendanceMark, AttendanceRecord } from '@cordata/contract';
import type { TFunction } from 'i18next';
import encodeQR from 'qr';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTENDANCE_MARKS } from '../../contract.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import {
  useAttendanceSheetQuery,
  useCheckInMutation,
  useConfirmSuggestedMutation,
  useMarkMutation,
  useOwnRecordQuery,
  usePassQuery,
} from '../../state/queries/attendance.ts';
import { useOwnUserId } from '../../state/queries/profile.ts';
import { showError, showSuccess } from '../feedback.ts';
import { OptionGroup } from '../kit/OptionGroup.tsx';
import { PersonRow } from '../People/People.tsx';

const HOUR = 3_600_000;
/** A participant's pass shows from this long before the start (people arrive early). */
const PASS_SHOWN_BEFORE_MS = 2 * HOUR;

const nameOf = (p: { firstName: string | null; lastName: string | null; username: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || p.username || '';

/**
 * Attendance on the activity page (docs/attendance.md): organisers (and a group activity's admins and ride leaders: `takesAttendance`) get the tick list and the scanner once the
 * activity starts (until marking closes, 7 days after the end); a participant gets their check-in QR from shortly
 * before the start until the end.
 */
export function AttendancePanel({ activity, now = new Date() }: { activity: Activity; now?: Date }) {
  const starts = new Date(activity.startsAt).getTime();
  const ends = new Date(activity.endsAt).getTime();
  if (activity.takesAttendance) return <AttendanceSheet activity={activity} started={now.getTime() >= starts} />;
  const at = now.getTime();
  if (activity.status === 'PARTICIPATING' && at >= starts - PASS_SHOWN_BEFORE_MS && at < ends) {
    return <CheckInPass activity={activity} />;
  }
  return null;
}

function AttendanceSheet({ activity, started }: { activity: Activity; started: boolean }) {
  const { t, i18n } = useTranslation();
  const { activityId } = activity;
  const query = useAttendanceSheetQuery(activityId, started);
  const mark = useMarkMutation(activityId, useOwnUserId());
  const confirmSuggested = useConfirmSuggestedMutation(activityId);
  const [scanning, setScanning] = useState(false);
  if (!started) return null;
  const sheet = query.data;
  if (!sheet) return null;
  const closed = new Date(sheet.closesAt) < new Date();
  // A matching recording suggests "attended" to someone without a mark; the organiser confirms them in one tap.
  const suggested = sheet.entries.filter((e) => e.recorded && !e.status).length;
  const onConfirmSuggested = () =>
    confirmSuggested.mutate(undefined, {
      onSuccess: () => showSuccess(t('attendance.sheet.confirmed', { count: suggested })),
      onError: (e) => showError(e),
    });
  const onMark = (entry: AttendanceEntry, value: AttendanceMark) =>
    mark.mutate(
      { userId: entry.userId, mark: value },
      {
        onSuccess: (answer) => {
          if ('queued' in answer) showSuccess(t('attendance.sheet.queued'));
        },
        onError: (e) => showError(e),
      },
    );

  return (
    <section className="attendance" data-testid="attendance-sheet">
      <h3>{t('attendance.sheet.title')}</h3>
      <p className="muted">
        {closed
          ? t('attendance.sheet.closed')
          : t('attendance.sheet.closesAt', { when: formatDateTime(new Date(sheet.closesAt), i18n.language) })}
      </p>
      {!closed && (
        <button
          type="button"
          className="btn btn-outline btn-block"
          data-testid="attendance-scan"
          onClick={() => setScanning((open) => !open)}
          aria-expanded={scanning}
        >
          {t('attendance.sheet.scan')}
        </button>
      )}
      {scanning && !closed && <Scanner activityId={activityId} onClose={() => setScanning(false)} />}
      {!closed && suggested > 0 && (
        <button
          type="button"
          className="btn btn-primary btn-block attendance-confirm"
          data-testid="attendance-confirm-suggested"
          disabled={confirmSuggested.isPending}
          onClick={onConfirmSuggested}
        >
          {t('attendance.sheet.confirmSuggested', { count: suggested })}
        </button>
      )}
      {sheet.entries.length === 0 && <p className="muted">{t('attendance.sheet.empty')}</p>}
      <ul className="people-list attendance-list">
        {sheet.entries.map((entry) => (
          <PersonRow
            key={entry.userId}
            person={entry}
            testId="attendance-entry"
            subtitle={
              entry.status ? (
                <span data-testid="attendance-status" data-status={entry.status}>
                  {t(`attendance.sheet.status.${entry.status}`)}
                  {!entry.participating && ` · ${t('attendance.sheet.left')}`}
                </span>
              ) : entry.recorded ? (
                <span className="attendance-suggested" data-testid="attendance-suggested">
                  {t('attendance.sheet.suggested')}
                </span>
              ) : null
            }
          >
            {!closed && (
              <OptionGroup
                fieldset
                className="attendance-marks"
                aria-label={nameOf(entry)}
                options={ATTENDANCE_MARKS}
                value={entry.status ?? null}
                onChange={(value) => onMark(entry, value)}
                label={(value) => t(`attendance.sheet.marks.${value}`)}
                testId={(value) => `attendance-mark-${value}`}
                optionClass={(_, chosen) => `btn btn-small ${chosen ? 'btn-blue' : 'btn-outline'}`}
                optionProps={(value) => ({
                  'aria-label': t('attendance.sheet.markLabel', {
                    name: nameOf(entry),
                    mark: t(`attendance.sheet.marks.${value}`),
                  }),
                  disabled: mark.isPending,
                })}
              />
            )}
          </PersonRow>
        ))}
      </ul>
    </section>
  );
}

/**
 * The organiser's scanner: the rear camera read by `qr/dom` (loaded only when opened), with the code under the QR
 * typed as the way that always works (no camera, no permission, plain http).
 */
function Scanner({ activityId, onClose }: { activityId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const checkIn = useCheckInMutation(activityId, useOwnUserId());
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<'opening' | 'on' | 'off'>('opening');
  const [code, setCode] = useState('');
  const busy = useRef(false);

  const send = (text: string) => {
    if (busy.current) return;
    busy.current = true;
    checkIn.mutate(text, {
      onSuccess: (answer) => {
        showSuccess(
          'queued' in answer
            ? t('attendance.scanner.queued')
            : t('attendance.scanner.checkedIn', { name: nameOf(answer.person) }),
        );
        setCode('');
      },
      onError: (e) => showError(e),
      onSettled: () => {
        // A code stays in front of the camera for a while: the same one is not sent again at once.
        setTimeout(() => {
          busy.current = false;
        }, 1500);
      },
    });
  };
  const sendRef = useRef(send);
  sendRef.current = send;

  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia || !video.current) throw new Error('no camera');
        const { QRCanvas, frameLoop, rearCamera } = await import('qr/dom.js');
        const cam = await rearCamera(video.current);
        if (cancelled) return cam.stop();
        const canvas = new QRCanvas();
        let reading = false;
        let lastRead: string | undefined;
        const cancelLoop = frameLoop(() => {
          if (reading) return;
          reading = true;
          cam
            .readFrame(canvas)
            .then((decoded) => {
              // One code in view reads as its text; several as a list, of which the first readable one is taken.
              const text = Array.isArray(decoded) ? decoded.find((d) => typeof d === 'string') : decoded;
              // A phone stays in view for many frames: each code is sent once, until another one is read.
              if (!text || text === lastRead) return;
              lastRead = text;
              sendRef.current(text);
            })
            .catch(() => {})
            .finally(() => {
              reading = false;
            });
        });
        stop = () => {
          cancelLoop();
          cam.stop();
        };
        setCamera('on');
      } catch {
        if (!cancelled) setCamera('off');
      }
    })();
    return () => {
      cancelled = true;
      stop();
    };
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) send(code);
  };

  return (
    <div className="attendance-scanner" data-testid="attendance-scanner">
      <h4>{t('attendance.scanner.title')}</h4>
      <video
        ref={video}
        className="attendance-video"
        data-testid="attendance-video"
        hidden={camera === 'off'}
        muted
        playsInline
      />
      <p className="muted" data-testid="attendance-camera" data-camera={camera}>
        {camera === 'off' ? t('attendance.scanner.noCamera') : t('attendance.scanner.hint')}
      </p>
      <form className="attendance-code-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`checkin-code-${activityId}`}>{t('attendance.scanner.code')}</label>
          <input
            id={`checkin-code-${activityId}`}
            data-testid="attendance-code"
            value={code}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={40}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <div className="attendance-code-actions">
          <button type="submit" className="btn btn-primary" data-testid="attendance-check" disabled={!code.trim()}>
            {t('attendance.scanner.check')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('attendance.scanner.close')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** A QR drawn as SVG squares from the matrix `qr` computes (no markup injected). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const matrix = encodeQR(text, 'raw', { ecc: 'medium', border: 2 });
  const size = matrix.length;
  const cells: string[] = [];
  matrix.forEach((row, y) => {
    row.forEach((on, x) => {
      if (on) cells.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="attendance-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={cells.join('')} fill="#000" />
    </svg>
  );
}

/** A participant's check-in pass: the QR the organiser scans, and the code printed under it. */
function CheckInPass({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const pass = usePassQuery(activity.activityId, true).data;
  if (!pass || new Date(pass.closesAt) < new Date()) return null;
  return (
    <section className="attendance-pass" data-testid="attendance-pass">
      <h3>{t('attendance.pass.title')}</h3>
      <QrCode text={pass.qr} label={t('attendance.pass.title')} />
      <p className="attendance-pass-code">
        <span className="muted">{t('attendance.pass.codeLabel')}</span>
        <strong className="attendance-pass-value" data-testid="attendance-pass-code">
          {pass.code}
        </strong>
      </p>
      <p className="muted">{t('attendance.pass.hint')}</p>
    </section>
  );
}

/** "Attended 18 of 20 · 1 no-show · 1 late cancel" (and the excused), from a record. */
export function recordLine(record: AttendanceRecord, t: TFunction) {
  const counted = record.attended + record.noShows + record.lateCancels;
  const parts = [t('attendance.record.attended', { attended: record.attended, counted })];
  if (record.noShows) parts.push(t('attendance.record.noShows', { count: record.noShows }));
  if (record.lateCancels) parts.push(t('attendance.record.lateCancels', { count: record.lateCancels }));
  if (record.excused) parts.push(t('attendance.record.excused', { count: record.excused }));
  return parts.join(' · ');
}

const isEmpty = (r: AttendanceRecord) => r.attended + r.noShows + r.lateCancels + r.excused === 0;

/** A requester's record on a closed activity's request list (its organisers only). */
export function RequesterRecord({ record }: { record: AttendanceRecord | null }) {
  const { t } = useTranslation();
  if (!record) return null;
  return (
    <span data-testid="request-record">
      {isEmpty(record) ? t('attendance.record.requesterNone') : recordLine(record, t)}
      {record.reliability !== null &&
        ` · ${t('attendance.record.reliability', { percent: Math.round(record.reliability * 100), over: record.reliabilityOver })}`}
    </span>
  );
}

/** The person's own record, on their profile. */
export function OwnAttendanceRecord() {
  const { t } = useTranslation();
  const record = useOwnRecordQuery().data;
  if (!record) return null;
  return (
    <section className="people-section" data-testid="own-attendance">
      <h2>{t('attendance.record.title')}</h2>
      <p data-testid="own-attendance-line">{isEmpty(record) ? t('attendance.record.none') : recordLine(record, t)}</p>
      <p className="muted" data-testid="own-reliability">
        {record.reliability === null
          ? t('attendance.record.reliabilityUnknown')
          : t('attendance.record.reliability', {
              percent: Math.round(record.reliability * 100),
              over: record.reliabilityOver,
            })}
      </p>
      <p className="muted">{t('attendance.record.private')}</p>
    </section>
  );
}
