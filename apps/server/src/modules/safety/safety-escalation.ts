import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { Changes } from '../shared/changes.ts';
import type { SafetyRepository } from './safety.repository.ts';
import {
  CONTACT_ESCALATIONS_PER_WEEK,
  ESCALATION_CAP_WINDOW_MS,
  ESCALATION_LOOKBACK_MS,
  type EscalationDelays,
} from './safety-rules.ts';
import { escalationMail, localTime } from './safety-texts.ts';

const MINUTE = 60_000;
/** People taken per step and run; the rest go on the next run. */
const BATCH = 100;
/** An outing longer than this is not followed by the job (its index walk stays short). */
const LONGEST_OUTING_MS = 7 * 24 * 60 * MINUTE;

/** 32 random bytes: 256 bits, written as 43 URL-safe characters. */
export const newLinkToken = () => randomBytes(32).toString('base64url');
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The escalation (issue 23). Each run takes the people whose step is due:
 * 1. SAFETY_ALERT_AFTER_MINUTES after the planned return, anyone taking part and not back: the others get an
 *    ACTIVITY_NOT_BACK notification (and push) naming them, but for those with a block between them and the person
 *    (in either direction) who are not organisers, and they get one about themselves;
 * 2. SAFETY_CONTACTS_AFTER_MINUTES later, whoever is still not back: each of their emergency contacts gets an e-mail
 *    through the outbox with a no-login link (a random 256-bit token, only its hash kept, expiring), at most
 *    CONTACT_ESCALATIONS_PER_WEEK times a week per person.
 * A step is claimed by the conditional upsert that sets its column (`alerted_at`, `contacts_mailed_at`) in the
 * transaction of what it sends: the row lock makes a second instance see it set and do nothing, and a restart finds
 * the state in the database. A check-in (`back_at`) stops both steps. Steps older than a day are left alone.
 */
export function createSafetyEscalation(deps: {
  repo: SafetyRepository;
  changes: Changes;
  mailer: {
    enqueue(mail: MailMessage, tx: DbOrTx): Promise<{ id: string; mail: MailMessage }>;
    dispatch(q: { id: string; mail: MailMessage }): void;
  };
  delays: EscalationDelays;
  linkHours: number;
  /** The link's address without its token: PUBLIC_URL and the page's path. */
  linkBase: string;
  now: () => Date;
}) {
  /** People not back whose step is due: their planned return is at or before `returnedBy` and not a day older. */
  const due = (returnedBy: Date, step: 'alert' | 'contacts') =>
    deps.repo.escalationDue(returnedBy, step, {
      longestOutingMs: LONGEST_OUTING_MS,
      lookbackMs: ESCALATION_LOOKBACK_MS,
      limit: BATCH,
    });

  /** Step 1, for one activity: claims its people, then tells the group about each and each about themself. */
  async function alert(activityId: string, userIds: string[], now: Date) {
    return deps.changes.run(async (tx, fx) => {
      const claimed = await deps.repo.claimAlerts(activityId, userIds, now, tx);
      if (!claimed.length) return 0;
      const activity = await deps.repo.activity(activityId, tx);
      const people = await deps.repo.people(activityId, tx);
      for (const { userId } of claimed) {
        const common = { type: 'ACTIVITY_NOT_BACK' as const, targetId: activityId, targetName: activity!.name };
        // Nobody is told about a person a block stands between them and, but the organisers: safety comes first.
        const blocked = await deps.repo.blockedAmong(
          userId,
          people.map((p) => p.user.userId),
          tx,
        );
        const told = people.filter((p) => p.isOrganiser || !blocked.has(p.user.userId)).map((p) => p.user.userId);
        await fx.notify({ ...common, userIds: told, actorId: userId, despiteBlocks: true });
        await fx.notify({ ...common, userIds: [userId], actorId: null, reason: 'SELF' });
      }
      return claimed.length;
    });
  }

  /** Step 2, for one person: claims it, then writes a link and an e-mail per emergency contact. */
  async function mailContacts(activityId: string, userId: string, now: Date) {
    return deps.changes.run(async (tx, fx) => {
      if (!(await deps.repo.claimContactsMail(activityId, userId, now, tx))) return 0;
      const since = new Date(now.getTime() - ESCALATION_CAP_WINDOW_MS);
      if ((await deps.repo.contactEscalationsSince(userId, since, tx)) > CONTACT_ESCALATIONS_PER_WEEK) return 0;
      const row = await deps.repo.escalationSubject(activityId, userId, tx);
      const { activity, language } = row!;
      const person = [row!.firstName, row!.lastName].filter(Boolean).join(' ') || '—';
      const expiresAt = new Date(now.getTime() + deps.linkHours * 60 * MINUTE);
      // Only addresses that agreed to be mailed (M-N2): the others never got more than their confirmation mail.
      const contacts = (await deps.repo.contacts(userId, tx)).filter((c) => c.confirmed);
      for (const contact of contacts) {
        const token = newLinkToken();
        await deps.repo.insertLink(
          { tokenHash: hashLinkToken(token), activityId, userId, contactName: contact.name, expiresAt },
          tx,
        );
        const queued = await deps.mailer.enqueue(
          {
            to: contact.email,
            ...escalationMail({
              language,
              person,
              activity: activity.name,
              plannedReturn: localTime(activity.plannedReturnAt ?? activity.endsAt, activity.timeZone, language),
              link: `${deps.linkBase}/${token}`,
              validUntil: localTime(expiresAt, activity.timeZone, language),
            }),
          },
          tx,
        );
        fx.afterCommit(() => deps.mailer.dispatch(queued));
      }
      return contacts.length;
    });
  }

  async function run() {
    const now = deps.now();
    const alertBy = new Date(now.getTime() - deps.delays.alertAfterMinutes * MINUTE);
    const byActivity = new Map<string, string[]>();
    for (const d of await due(alertBy, 'alert'))
      byActivity.set(d.activityId, [...(byActivity.get(d.activityId) ?? []), d.userId]);
    let alerted = 0;
    for (const [activityId, userIds] of byActivity) alerted += await alert(activityId, userIds, now);

    const contactsBy = new Date(alertBy.getTime() - deps.delays.contactsAfterMinutes * MINUTE);
    let mailed = 0;
    for (const d of await due(contactsBy, 'contacts')) mailed += await mailContacts(d.activityId, d.userId, now);
    return { alerted, mailed };
  }

  return { run };
}
