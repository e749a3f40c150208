import type { Core } from '../../core.ts';
import type { Module } from '../module.ts';
import { mailboxUrl, registerDevMailbox } from './mailbox.routes.ts';
import { createMailer, smtpTransport } from './mailer.ts';

/** Outgoing mail: the outbox and its retries, and the development mailbox when MAILBOX_KEY allows it. */
export function createMailModule(core: Core) {
  const { mailboxKey } = core.config;
  const mailer = createMailer({
    db: core.db,
    log: core.log,
    from: core.config.MAIL_FROM,
    transport: core.config.SMTP_URL ? smtpTransport(core.config.SMTP_URL) : undefined,
    isProduction: core.config.isProduction,
    mailboxLink: mailboxKey ? mailboxUrl(core.config, mailboxKey) : undefined,
  });
  return {
    jobs: [{ name: 'mail-outbox', everyMs: 5000, run: mailer.retryPending }],
    routes: (app) => {
      if (mailboxKey) registerDevMailbox(app, mailer, mailboxKey);
    },
    services: { mailer },
  } satisfies Module;
}
