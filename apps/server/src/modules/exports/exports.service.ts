import { type DataExport, INTL_LOCALES } from '@cordata/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { exportsText } from '../../i18n/exports.ts';
import { type KeyRing, ringMatches, ringSign } from '../../secrets.ts';
import type { FileStorage } from '../uploads/storage.ts';
import { buildExportFiles, zipFiles } from './export-archive.ts';
import { createExportsRepository, type ExportRow, type ExportsRepository } from './exports.repository.ts';

const DAY_MS = 86_400_000;
/** A claim on a pending export lasts this long: an instance that dies mid-way frees it for another. */
const CLAIM_MS = 10 * 60_000;
const MAX_ATTEMPTS = 3;
const EXPORTS_PER_USER_PER_DAY = 3;

type Row = ExportRow;

/**
 * The data export: asked for with one tap, built by a job (safe on several instances: a pending export is
 * claimed with FOR UPDATE SKIP LOCKED and a time-limited claim), stored as a ZIP, mailed as a signed link,
 * and deleted with its file after the retention period or with the account.
 */
export function createExportsService(deps: {
  db: Db;
  storage: FileStorage;
  mailer: { send(mail: { to: string; subject: string; text: string; html: string }): Promise<void> };
  /** Signs the download links (and still accepts those of a master being rotated out). */
  keys: KeyRing;
  publicUrl: string;
  downloadPath: string;
  retentionDays: number;
  rateLimiter?: Pick<RateLimiter, 'hit'>;
  now: () => Date;
  /** Called after a request is stored, so that an instance running jobs starts at once. */
  onRequested?: () => void;
  /** The exports' SQL; made from `db` when not given. */
  repo?: ExportsRepository;
}) {
  const { db } = deps;
  const repo = deps.repo ?? createExportsRepository(db);

  const sign = (exportId: string, expires: number) => ringSign(deps.keys, `export:${exportId}:${expires}`);

  /** The signed download link, relative to the server (the app prefixes its API origin, the mail PUBLIC_URL). */
  function downloadUrl(row: Row) {
    if (row.status !== 'READY' || !row.expiresAt) return null;
    const expires = Math.floor(row.expiresAt.getTime() / 1000);
    return `${deps.downloadPath}/${row.id}?expires=${expires}&signature=${sign(row.id, expires)}`;
  }

  const view = (row: Row): DataExport => ({
    exportId: row.id,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: downloadUrl(row),
  });

  async function latestRow(userId: string) {
    return repo.latest(userId, deps.now());
  }

  async function request(userId: string) {
    const latest = await latestRow(userId);
    // One tap again while one is being prepared gives the same export.
    if (latest?.status === 'PENDING') return { export: view(latest) };
    await deps.rateLimiter?.hit(`export:user:${userId}`, { limit: EXPORTS_PER_USER_PER_DAY, windowSeconds: 86_400 });
    const row = await repo.insertPending(userId, deps.now());
    deps.onRequested?.();
    return { export: view(row) };
  }

  async function latest(userId: string) {
    const row = await latestRow(userId);
    return { export: row ? view(row) : null };
  }

  /** Takes one pending export no other instance holds; a claim left by a crashed instance expires. */
  async function claim() {
    const now = deps.now();
    return repo.claim(now, new Date(now.getTime() + CLAIM_MS));
  }

  async function build(row: Row) {
    const user = await repo.recipient(row.userId);
    if (!user || user.deletedAt) {
      await repo.remove(row.id);
      return;
    }
    const now = deps.now();
    const archive = await zipFiles(await buildExportFiles(row.userId, now, db));
    const key = `exports/${row.id}.zip`;
    await deps.storage.put(key, archive, 'application/zip');
    const expiresAt = new Date(now.getTime() + deps.retentionDays * DAY_MS);
    const ready = await repo.markReady(row.id, { storageKey: key, readyAt: now, expiresAt });
    if (!ready) {
      // The account (and so the export) was deleted while it was being built.
      await deps.storage.remove([key]);
      return;
    }
    const language = user.language;
    const url = `${deps.publicUrl.replace(/\/$/, '')}${downloadUrl(ready)}`;
    const until = expiresAt.toLocaleDateString(INTL_LOCALES[language] ?? INTL_LOCALES.en, { timeZone: 'UTC' });
    const body = [exportsText(language, 'ready', { until }), url, exportsText(language, 'notYou')].join('\n\n');
    await deps.mailer.send({
      to: user.email,
      subject: exportsText(language, 'subject'),
      text: body,
      html: `<p>${body.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n\n/g, '</p><p>')}</p>`,
    });
  }

  /** The job: builds the pending exports, one at a time, until none is left for this instance. */
  async function runPending() {
    let built = 0;
    for (let row = await claim(); row; row = await claim()) {
      try {
        await build(row);
        built++;
      } catch {
        // Retried after the claim expires, up to MAX_ATTEMPTS; then the person sees it failed.
        if (row.attempts >= MAX_ATTEMPTS) await repo.markFailed(row.id);
      }
    }
    return built;
  }

  /** The job: exports past their retention go, file and row. */
  async function removeExpired() {
    const now = deps.now();
    const old = await repo.removeExpired(now, new Date(now.getTime() - deps.retentionDays * DAY_MS));
    const keys = old.map((o) => o.key).filter((k): k is string => !!k);
    if (keys.length) await deps.storage.remove(keys);
    return old.length;
  }

  /** With the account: every export of the person, file and row. */
  async function removeAllOf(userId: string) {
    const gone = await repo.removeAllOf(userId);
    const keys = gone.map((g) => g.key).filter((k): k is string => !!k);
    if (keys.length) await deps.storage.remove(keys);
  }

  function registerDownload(app: FastifyInstance) {
    app.get<{ Params: { exportId: string }; Querystring: { expires?: string; signature?: string } }>(
      `${deps.downloadPath}/:exportId`,
      { schema: { hide: true } },
      async (req, reply) => {
        const { exportId } = req.params;
        const expires = Number(req.query.expires);
        const signed =
          /^[0-9a-f-]{36}$/.test(exportId) &&
          Number.isInteger(expires) &&
          ringMatches(deps.keys, `export:${exportId}:${expires}`, String(req.query.signature ?? ''));
        if (!signed) throw new ApiError('EXPORT_NOT_FOUND');
        if (expires * 1000 < deps.now().getTime()) throw new ApiError('EXPORT_NOT_FOUND');
        const row = await repo.ready(exportId);
        const bytes = row?.storageKey ? await deps.storage.get(row.storageKey) : null;
        if (!row || !bytes) throw new ApiError('EXPORT_NOT_FOUND');
        const day = (row.readyAt ?? deps.now()).toISOString().slice(0, 10);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="cordata-export-${day}.zip"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(bytes));
      },
    );
  }

  return { request, latest, runPending, removeExpired, removeAllOf, registerDownload };
}

export type ExportsService = ReturnType<typeof createExportsService>;
