import type { Core } from '../../core.ts';
import type { Module } from '../module.ts';
import { registerDevMailbox } from './mailbox.routes.ts';
import { createMailer, smtpTransport } from './mailer.ts';

/** Outgoing mail: the outbox and its retries, and the development mailbox when MAILBOX_KEY allows it. */
export function createMailModule(core: Core) {
  const mailer = createMailer({
    db: core.db,
    log: core.log,
    from: core.config.MAIL_FROM,
    transport: core.config.SMTP_URL ? smtpTransport(core.config.SMTP_URL) : undefined,
    isProduction: core.config.isProduction,
  });
  const { mailboxKey } = core.config;
  return {
    jobs: [{ name: 'mail-outbox', everyMs: 5000, run: mailer.retryPending }],
    routes: (app) => {
      if (mailboxKey) registerDevMailbox(app, mailer, mailboxKey);
    },
    services: { mailer },
  } satisfies Module;
}
