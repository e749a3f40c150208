import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { EnvSchema, loadConfig } from '../../apps/server/src/config.ts';
import { DRAIN_MS } from '../../apps/server/src/server.ts';
import { SECRET_VARIABLES } from '../secret-variables.ts';

interface Container {
  name: string;
  env?: { name: string; value?: string; valueFrom?: unknown }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  livenessProbe?: { httpGet?: { path: string } };
  readinessProbe?: { httpGet?: { path: string } };
  lifecycle?: { preStop?: { sleep?: { seconds: number } } };
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface PodSpec {
  containers: Container[];
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
}
interface Resource {
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: { template?: { spec: PodSpec }; scaleTargetRef?: { name: string } };
}

const k8s = import.meta.dirname;
const kubectl = process.env.KUBECTL ?? 'kubectl';
/** CI installs kubectl (.ci/run); a developer's machine without one skips these rather than failing `npm test`. */
const hasKubectl = (() => {
  try {
    execFileSync(kubectl, ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const skipped = !hasKubectl && !process.env.CI;
const targets = ['base', ...readdirSync(join(k8s, 'overlays')).map((overlay) => `overlays/${overlay}`)];

/** KUBECTL picks another kubectl: the manifests render the same with Debian 12's (1.20) and today's. */
function render(target: string): Resource[] {
  const text = execFileSync(kubectl, ['kustomize', join(k8s, target)], { encoding: 'utf8' });
  return parseAllDocuments(text).map((document) => document.toJS() as Resource);
}

describe.skipIf(skipped).each(targets)('deploy/k8s/%s, rendered by kubectl kustomize (issue 37)', (target) => {
  const resources = skipped ? [] : render(target);
  const named = (kind: string, name: string) => resources.find((r) => r.kind === kind && r.metadata.name === name)!;
  const workloads = resources.filter((r) => r.kind === 'Deployment' || r.kind === 'Job');
  const pods = workloads.map((r) => ({ name: r.metadata.name, pod: r.spec!.template!.spec }));
  const configMap = named('ConfigMap', 'cordata');

  it('has a web Deployment with an autoscaler and a disruption budget, a worker, a migration Job and an Ingress', () => {
    expect(workloads.map((r) => `${r.kind}/${r.metadata.name}`).sort()).toEqual([
      'Deployment/cordata-web',
      'Deployment/cordata-worker',
      'Job/cordata-migrate',
    ]);
    expect(named('HorizontalPodAutoscaler', 'cordata-web').spec!.scaleTargetRef!.name).toBe('cordata-web');
    expect(named('PodDisruptionBudget', 'cordata-web')).toBeDefined();
    expect(named('NetworkPolicy', 'cordata')).toBeDefined();
    const ingress = named('Ingress', 'cordata');
    expect(
      Number(ingress.metadata.annotations!['nginx.ingress.kubernetes.io/proxy-read-timeout']),
    ).toBeGreaterThanOrEqual(3600);
  });

  it('runs every container as a non-root user without privilege escalation, with requests and a memory limit', () => {
    for (const { name, pod } of pods) {
      expect(pod.securityContext?.runAsNonRoot, name).toBe(true);
      expect(pod.securityContext?.runAsUser, name).toBeGreaterThan(0);
      for (const container of pod.containers) {
        expect(container.securityContext?.allowPrivilegeEscalation, name).toBe(false);
        expect(container.resources?.requests?.cpu, name).toBeDefined();
        expect(container.resources?.requests?.memory, name).toBeDefined();
        expect(container.resources?.limits?.memory, name).toBeDefined();
      }
    }
  });

  it('checks liveness without the database (/livez) and readiness with it (/healthz)', () => {
    for (const { name, pod } of pods.filter((p) => p.name !== 'cordata-migrate')) {
      const [container] = pod.containers;
      expect(container!.livenessProbe?.httpGet?.path, name).toBe('/livez');
      expect(container!.readinessProbe?.httpGet?.path, name).toBe('/healthz');
    }
  });

  it("pauses before SIGTERM at least as long as the server's drain, and grants both before killing", () => {
    const drainSeconds = DRAIN_MS / 1000;
    for (const { name, pod } of pods.filter((p) => p.name !== 'cordata-migrate')) {
      const pause = pod.containers[0]!.lifecycle?.preStop?.sleep?.seconds ?? 0;
      expect(pause, name).toBeGreaterThanOrEqual(drainSeconds);
      expect(pod.terminationGracePeriodSeconds, name).toBeGreaterThanOrEqual(pause + drainSeconds);
    }
  });

  it('writes no secret value: secrets come from the Secret cordata-secrets, which is not in the manifests', () => {
    expect(resources.filter((r) => r.kind === 'Secret')).toEqual([]);
    for (const key of Object.keys(configMap.data ?? {})) expect(SECRET_VARIABLES).not.toContain(key);
    for (const { name, pod } of pods) {
      for (const container of pod.containers) {
        for (const variable of container.env ?? []) expect(SECRET_VARIABLES, name).not.toContain(variable.name);
        expect(container.envFrom?.map((source) => source.secretRef?.name).filter(Boolean), name).toEqual([
          'cordata-secrets',
        ]);
      }
    }
  });

  it("sets only variables config.ts knows, and each role's configuration starts", () => {
    const known = Object.keys(EnvSchema.shape);
    const secrets = {
      DATABASE_URL: 'postgres://cordata@db/cordata',
      REDIS_URL: 'redis://cache',
      JWT_SECRET: 'x'.repeat(32),
    };
    for (const { name, pod } of pods) {
      const container = pod.containers[0]!;
      const env = Object.fromEntries((container.env ?? []).map((variable) => [variable.name, variable.value ?? '']));
      for (const key of [...Object.keys(configMap.data ?? {}), ...Object.keys(env)]) expect(known, name).toContain(key);
      expect(() => loadConfig({ ...configMap.data, ...secrets, ...env }), name).not.toThrow();
    }
  });
});
