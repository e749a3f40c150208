import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import type { Job } from '../jobs.ts';
import { createMetricsRepository } from './metrics.repository.ts';

export const METRICS_PATH = '/metrics';

/**
 * The server's figures in Prometheus' text format (docs/operations.md, "Metrics"; alert rules in
 * deploy/prometheus/alerts.yaml). Calls are labelled by call name or route pattern, never by the raw URL, so the
 * number of series stays bounded whatever a client asks for. Job lags read the server's clock (`now`).
 */
export function createMetrics(deps: {
  database: Database;
  /** The calls' common prefix, removed from their routes: `activity/join`, not `/api/space/…/activity/join`. */
  apiPrefix: string;
  now: () => Date;
}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const repository = createMetricsRepository(deps.database.db);
  const seconds = (ms: number) => ms / 1000;

  const callDuration = new Histogram({
    name: 'cordata_call_duration_seconds',
    help: 'Time to answer, per call (or route pattern) and status class.',
    labelNames: ['call', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const pool = deps.database.poolStats;
  new Gauge({
    name: 'cordata_db_pool_connections',
    help: 'PostgreSQL pool connections: open (total), idle, and queries waiting for one. Absent on PGlite.',
    labelNames: ['state'] as const,
    registers: pool ? [registry] : [],
    collect() {
      const stats = pool!();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  new Gauge({
    name: 'cordata_outbox_depth',
    help: 'Messages waiting to be sent, per outbox (mail, push).',
    labelNames: ['outbox'] as const,
    registers: [registry],
    async collect() {
      for (const [outbox, depth] of Object.entries(await repository.outboxDepths())) this.set({ outbox }, depth);
    },
  });

  let countSockets = () => 0;
  new Gauge({
    name: 'cordata_sockets_connected',
    help: 'Sockets connected to this instance.',
    registers: [registry],
    collect() {
      this.set(countSockets());
    },
  });

  /** When each job last succeeded; until it has, when it was started (so a job that never succeeds still ages). */
  const lastSuccess = new Map<string, Date>();
  new Gauge({
    name: 'cordata_job_last_success_timestamp_seconds',
    help: "When each job last ran to its end on this instance (its start, until it has), by the server's clock.",
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      for (const [job, at] of lastSuccess) this.set({ job }, seconds(at.getTime()));
    },
  });
  new Gauge({
    name: 'cordata_job_lag_seconds',
    help: 'Seconds since each job last ran to its end on this instance. The safety escalation is job="safety-escalation".',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      const now = deps.now().getTime();
      for (const [job, at] of lastSuccess) this.set({ job }, seconds(now - at.getTime()));
    },
  });
  const jobDuration = new Histogram({
    name: 'cordata_job_duration_seconds',
    help: 'One run of each job; the waitlist\'s (job="waitlist-offers") bounds how long a freed seat waits for its offer.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'cordata_job_failures_total',
    help: 'Runs of each job that failed.',
    labelNames: ['job'] as const,
    registers: [registry],
  });

  const seatOfferLatency = new Histogram({
    name: 'cordata_seat_offer_latency_seconds',
    help: 'From a seat freed (someone left, an offer ran out or was turned down, the seats were raised) to its offer to the first person waiting.',
    buckets: [1, 5, 15, 30, 60, 120, 300, 900, 3600],
    registers: [registry],
  });

  return {
    registry,

    /** One freed seat offered `seconds` after it was freed (seats.service.ts, on whichever instance offered it). */
    seatOfferLatency(seconds: number) {
      seatOfferLatency.observe(seconds);
    },

    /** The job, its runs measured: what startJobs is given. */
    measuredJob(job: Job): Job {
      lastSuccess.set(job.name, deps.now());
      return {
        ...job,
        async run() {
          const end = jobDuration.startTimer({ job: job.name });
          try {
            const result = await job.run();
            lastSuccess.set(job.name, deps.now());
            return result;
          } catch (err) {
            jobFailures.inc({ job: job.name });
            throw err;
          } finally {
            end();
          }
        },
      };
    },

    countSocketsWith(count: () => number) {
      countSockets = count;
    },

    /**
     * Times every answer, and serves the figures at /metrics to a caller showing `Authorization: Bearer <token>`.
     * Without a token /metrics answers NOT_FOUND.
     */
    register(app: FastifyInstance, token: string | undefined) {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url;
        const call =
          route === undefined
            ? 'unmatched'
            : route.startsWith(`${deps.apiPrefix}/`)
              ? route.slice(deps.apiPrefix.length + 1)
              : route;
        callDuration.observe({ call, status: `${Math.floor(reply.statusCode / 100)}xx` }, seconds(reply.elapsedTime));
      });
      const expected = token && Buffer.from(`Bearer ${token}`);
      app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
        if (!expected) throw new ApiError('NOT_FOUND', { message: 'Metrics are off: set METRICS_TOKEN to serve them' });
        const given = Buffer.from(request.headers.authorization ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ApiError('UNAUTHORIZED');
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
