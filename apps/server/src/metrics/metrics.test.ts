import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { mailOutbox } from '../db/schema.ts';
import { METRICS_PATH } from './metrics.ts';

const TOKEN = 'metrics-token-that-is-long-enough-0123';
const MINUTE = 60_000;
let clock = Date.parse('2026-06-01T08:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN }, { now: () => new Date(clock) });
});
afterAll(() => t.close());

async function scrape() {
  const response = await t.app.inject({ url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The samples of the exposition text: `name{labels} value` lines, labels as an object. */
function samples(text: string) {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labels = '', value] = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      return {
        name: name!,
        labels: Object.fromEntries([...labels.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]])),
        value: Number(value),
      };
    });
}

/**
 * An alert rule's expression evaluated on one scrape, for the shapes the instant rules use:
 * `[min|max|sum](name{label="value",…}) > threshold`. Returns whether the alert fires.
 */
function fires(expr: string, text: string) {
  const shape = /^(?:(min|max|sum)\()?(\w+)\{([^}]*)\}\)? > ([\d.]+)$/.exec(expr.trim());
  if (!shape) throw new Error(`not an expression this test evaluates: ${expr}`);
  const [, aggregate, name, selector, threshold] = shape;
  const wanted = [...selector!.matchAll(/(\w+)="([^"]*)"/g)];
  const values = samples(text)
    .filter((s) => s.name === name && wanted.every(([, label, value]) => s.labels[label!] === value))
    .map((s) => s.value);
  if (values.length === 0) return false;
  const reduce = { min: Math.min, max: Math.max, sum: (...v: number[]) => v.reduce((a, b) => a + b, 0) };
  const results = aggregate ? [reduce[aggregate as keyof typeof reduce](...values)] : values;
  return results.some((value) => value > Number(threshold));
}

const alertRules: { alert: string; expr: string }[] = parse(
  readFileSync(new URL('../../../../deploy/prometheus/alerts.yaml', import.meta.url), 'utf8'),
).groups.flatMap((group: { rules: unknown[] }) => group.rules);
const ruleExpr = (alert: string) => alertRules.find((rule) => rule.alert === alert)!.expr;

describe('/metrics', () => {
  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await t.app.inject({ url: METRICS_PATH })).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    await scrape();
  });

  it('is not served at all without METRICS_TOKEN', async () => {
    const other = await createTestApp();
    try {
      const answer = await other.app.inject({ url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    } finally {
      await other.close();
    }
  });

  it('labels latency by call name or route pattern, never by the URL asked', async () => {
    await t.call('auth/email/sign-up', { email: 'not an address' } as never);
    await t.app.inject({ url: '/healthz' });
    // Answered by the web app's fallback, outside any route.
    await t.app.inject({ url: '/no/such/page/4f1b?who=me' });
    const text = await scrape();
    expect(text).toMatch(/^cordata_call_duration_seconds_count\{call="auth\/email\/sign-up",status="4xx"\} 1$/m);
    expect(text).toMatch(/^cordata_call_duration_seconds_count\{call="\/healthz",status="2xx"\} 1$/m);
    expect(text).toMatch(/^cordata_call_duration_seconds_count\{call="unmatched",status="\dxx"\} 1$/m);
    expect(text).not.toContain('4f1b');
  });

  it('counts the mail waiting in the outbox, and socket connections', async () => {
    const before = samples(await scrape()).find((s) => s.name === 'cordata_outbox_depth' && s.labels.outbox === 'mail');
    await t.db.insert(mailOutbox).values({ to: 'a@example.org', subject: 's', text: 't', html: 'h' });
    const after = samples(await scrape()).find((s) => s.name === 'cordata_outbox_depth' && s.labels.outbox === 'mail');
    expect(after!.value).toBe(before!.value + 1);
    expect(await scrape()).toMatch(/^cordata_sockets_connected 0$/m);
  });

  it('serves the seat-offer latency (seats.test.ts times it), and ships a rule on it', async () => {
    expect(await scrape()).toMatch(/^cordata_seat_offer_latency_seconds_bucket\{le="60"\} \d+$/m);
    expect(ruleExpr('CordataSeatOffersSlow')).toContain('cordata_seat_offer_latency_seconds_bucket');
  });

  it('raises the escalation alert once the safety escalation has not finished for 5 minutes', async () => {
    const escalation = t.modules.jobs.find((job) => job.name === 'safety-escalation')!;
    let stalled = false;
    const job = t.metrics.measuredJob({
      ...escalation,
      run: () => (stalled ? Promise.reject(new Error('database gone')) : escalation.run()),
    });
    const expr = ruleExpr('CordataSafetyEscalationStalled');

    await job.run();
    clock += 4 * MINUTE;
    expect(fires(expr, await scrape())).toBe(false);
    await job.run();
    clock += 4 * MINUTE;
    expect(fires(expr, await scrape())).toBe(false);

    // From here each run fails: the lag keeps counting from the last run that finished.
    stalled = true;
    await expect(job.run()).rejects.toThrow('database gone');
    clock += MINUTE + 1000;
    const text = await scrape();
    expect(fires(expr, text)).toBe(true);
    expect(text).toMatch(/^cordata_job_lag_seconds\{job="safety-escalation"\} 301$/m);
    expect(text).toMatch(/^cordata_job_failures_total\{job="safety-escalation"\} 1$/m);
  });
});
