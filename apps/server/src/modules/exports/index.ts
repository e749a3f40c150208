import type { Core } from '../../core.ts';
import type { StepUp } from '../auth/step-up.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Module } from '../module.ts';
import type { FileStorage } from '../uploads/storage.ts';
import { exportsHandlers } from './exports.handlers.ts';
import { createExportsService } from './exports.service.ts';

/** Data exports: everything a person has, in an archive they download from a signed link (issue 22). */
export function createExportsModule(
  core: Core,
  deps: { storage: FileStorage; mailer: Mailer; stepUp: Pick<StepUp, 'assertRecentlyReauthenticated'> },
) {
  const exports = createExportsService({
    db: core.db,
    storage: deps.storage,
    mailer: deps.mailer,
    keys: core.config.keys.exportLinks,
    publicUrl: core.config.PUBLIC_URL ?? `http://localhost:${core.config.PORT}`,
    downloadPath: `/api/space/${core.config.PRODUCT_SLUG}/exports`,
    retentionDays: core.config.EXPORT_RETENTION_DAYS,
    rateLimiter: core.rateLimiter,
    now: core.now,
    // "Ready within minutes": an instance running jobs starts at once rather than on its next tick.
    onRequested: core.config.JOBS ? () => setImmediate(() => void exports.runPending().catch(() => {})) : undefined,
  });
  const every = core.config.LOGISTICS_JOBS_EVERY_MS;
  return {
    handlers: exportsHandlers(exports, deps.stepUp),
    jobs: [
      { name: 'data-exports', everyMs: every, run: exports.runPending },
      { name: 'data-exports-expiry', everyMs: every, run: exports.removeExpired },
    ],
    routes: exports.registerDownload,
    services: { exports },
  } satisfies Module;
}
