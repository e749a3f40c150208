import type { FastifyBaseLogger } from 'fastify';

/** Background work that runs on every instance; each job must be safe to run on several at once. */
export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

export function startJobs(jobs: Job[], log: FastifyBaseLogger) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<string>();
  for (const job of jobs) {
    const tick = async () => {
      if (running.has(job.name)) return; // never overlap with itself on one instance
      running.add(job.name);
      try {
        await job.run();
      } catch (err) {
        log.warn({ job: job.name, err }, 'job failed');
      } finally {
        running.delete(job.name);
      }
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    timers.push(timer);
  }
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
