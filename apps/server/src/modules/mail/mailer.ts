import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../../db/client.ts';
import { safeError } from '../../http/log-safety.ts';
import { type ClaimedMailRow, createMailRepository } from './mail.repository.ts';
import type { MailContent } from './templates.ts';

export interface MailMessage extends MailContent {
  to: string;
}

/** What actually delivers a mail: nodemailer's SMTP transport in production, a fake in tests. */
export interface MailTransport {
  sendMail(mail: MailMessage & { from: string }): Promise<unknown>;
}

const MAX_ATTEMPTS = 8;
const BATCH = 20;
/** While one instance tries a mail, the others leave it alone for this long. */
const LEASE_SECONDS = 120;
const backoffSeconds = (attempts: number) => Math.min(15 * 2 ** (attempts - 1), 3600);

/** A mail that went out, or never will, keeps no body: one-time codes do not outlive their sending. */
const NO_BODY = { text: '', html: '' };

export function smtpTransport(url: string): MailTransport {
  // Short timeouts: a mail server that hangs must not hold a request or a job for long.
  return nodemailer.createTransport({ url, connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10_000 });
}

/**
 * Every mail is written to the outbox first, so none is lost. With a transport, it is tried once
 * at once in the background and then retried by `retryPending` with backoff; without one (the
 * embedded default), it stays in the outbox as LOGGED and is printed to the log outside production.
 */
export function createMailer(deps: {
  db: Db;
  log: FastifyBaseLogger;
  from: string;
  transport?: MailTransport;
  isProduction: boolean;
  /** Where a kept mail can be read (the dev mailbox with its key), repeated in each outbox log line. */
  mailboxLink?: string;
}) {
  const { db, log, transport } = deps;
  const repo = createMailRepository(db);

  /** Writes the mail to the outbox, inside the caller's transaction when given; `dispatch` it after the commit. */
  async function enqueue(mail: MailMessage, tx: DbOrTx = db) {
    const id = await repo.insert(
      {
        // In production without SMTP nobody can read a kept mail: it keeps no body (codes, review M9).
        ...(deps.isProduction && !transport ? { ...mail, ...NO_BODY } : mail),
        status: transport ? 'PENDING' : 'LOGGED',
      },
      tx,
    );
    return { id, mail };
  }

  /** Starts delivery without waiting for it. */
  function dispatch(queued: { id: string; mail: MailMessage }) {
    if (!transport) {
      // Never the address or the text: the log is no place for one-time codes (review H4, M9).
      if (deps.isProduction) log.warn({ mailId: queued.id }, 'mail kept in the outbox: SMTP_URL is not set');
      else
        log.info({ mailId: queued.id }, `mail kept in the outbox: read it at ${deps.mailboxLink ?? 'the dev mailbox'}`);
      return;
    }
    void deliverClaimed(queued.id).catch((err: Error) => log.warn({ mailId: queued.id, err }, 'mail delivery failed'));
  }

  async function send(mail: MailMessage) {
    dispatch(await enqueue(mail));
  }

  /** Takes due mails for this instance: rows another instance holds are skipped, not waited for. */
  function claim(onlyId?: string) {
    return repo.claim(LEASE_SECONDS, BATCH, onlyId);
  }

  async function attempt(mail: ClaimedMailRow) {
    try {
      await transport!.sendMail({
        from: deps.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await repo.markSent(mail.id, NO_BODY);
      return true;
    } catch (err) {
      const attempts = Number(mail.attempts);
      const failed = attempts >= MAX_ATTEMPTS;
      await repo.markFailed(mail.id, {
        failed,
        ...(failed ? { body: NO_BODY } : {}),
        lastError: String(safeError(String((err as Error).message ?? err))),
        retryInSeconds: backoffSeconds(attempts),
      });
      log.warn({ mailId: mail.id, attempts, failed, err }, 'mail not delivered');
      return false;
    }
  }

  async function deliverClaimed(id: string) {
    for (const mail of await claim(id)) await attempt(mail);
  }

  /** The job: delivers the mails whose time has come. Safe on several instances at once. */
  async function retryPending() {
    if (!transport) return 0;
    let sent = 0;
    for (const mail of await claim()) if (await attempt(mail)) sent += 1;
    return sent;
  }

  /** The outbox, newest first, for the dev mailbox. */
  function list(to?: string, limit = 50) {
    return repo.list(to, limit);
  }

  return { enqueue, dispatch, send, retryPending, list };
}

export type Mailer = ReturnType<typeof createMailer>;
