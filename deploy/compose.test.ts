import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { realtimePath } from '@cordata/contract';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema } from '../apps/server/src/config.ts';
import { SECRET_VARIABLES } from './secret-variables.ts';

interface Service {
  image: string;
  profiles?: string[];
  user?: string;
  environment?: Record<string, string>;
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  restart?: string;
  volumes?: string[];
  command?: string[];
}

const root = join(import.meta.dirname, '..');
const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = Object.entries(compose.services);
const appServices = services.filter(([, s]) => s.image.includes('CORDATA_IMAGE'));
const inProfile = (profile: string) => services.filter(([, s]) => s.profiles?.includes(profile)).map(([n]) => n);
/** One-shot services: they exit 0 when done, and others wait for that. */
const oneShot = ([, s]: [string, Service]) => s.restart === 'no';

describe('compose.yaml (issue 37)', () => {
  it('has the three topologies, each service in at least one', () => {
    expect(inProfile('single')).toEqual(['single']);
    expect(inProfile('standard').sort()).toEqual(['app', 'postgres', 'proxy']);
    expect(inProfile('scale').sort()).toEqual([
      'balancer',
      'bucket',
      'migrate',
      'minio',
      'postgres',
      'redis',
      'web1',
      'web2',
      'worker',
    ]);
    for (const [name, service] of services) expect(service.profiles?.length, name).toBeGreaterThan(0);
  });

  it('gives each app service a role and only variables the server knows', () => {
    const known = Object.keys(EnvSchema.shape);
    for (const [name, service] of appServices) {
      for (const variable of Object.keys(service.environment ?? {}))
        expect(known, `${name}: ${variable}`).toContain(variable);
    }
    const roles = Object.fromEntries(appServices.map(([name, s]) => [name, s.environment?.CORDATA_ROLE]));
    expect(roles).toEqual({
      single: undefined,
      app: 'all',
      migrate: 'migrate',
      web1: 'web',
      web2: 'web',
      worker: 'worker',
    });
  });

  it('shares one database, Redis and master secret between the scale instances', () => {
    const scale = appServices.filter(([, s]) => s.profiles?.includes('scale')).map(([, s]) => s.environment!);
    for (const variable of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'S3_BUCKET']) {
      expect(new Set(scale.map((environment) => environment[variable])).size, variable).toBe(1);
    }
  });

  it('writes no secret inline: each comes from the .env file, which .env.example leaves empty', () => {
    const secretish = /PASSWORD|SECRET|TOKEN|_KEY/;
    for (const [name, service] of services) {
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        if (SECRET_VARIABLES.includes(variable) || secretish.test(variable)) {
          // A URL may carry a secret only by reference (postgres://cordata:${POSTGRES_PASSWORD}@…).
          const literal = String(value).replace(/\$\{[A-Z0-9_]+(:?[-?][^}]*)?\}/g, '');
          expect(literal, `${name}: ${variable}`).not.toMatch(/:[^/@]+@/);
          if (!variable.endsWith('_URL')) expect(literal, `${name}: ${variable}`).toBe('');
        }
      }
    }
    const example = readFileSync(join(root, '.env.example'), 'utf8');
    const assigned = [...example.matchAll(/^([A-Z0-9_]+)=(.*)$/gm)];
    for (const [, variable, value] of assigned) {
      if (secretish.test(variable!) || SECRET_VARIABLES.includes(variable!)) expect(value, variable).toBe('');
    }
    const referenced = new Set(
      [...readFileSync(join(root, 'compose.yaml'), 'utf8').matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]),
    );
    expect([...referenced].sort()).toEqual(assigned.map(([, variable]) => variable).sort());
  });

  it('runs the app as a non-root user', () => {
    for (const [name, service] of appServices) expect(service.user, name).toMatch(/^[1-9]\d*(:[1-9]\d*)?$/);
  });

  it('checks the health of every long-running service, the app by its readiness, and starts each after what it needs', () => {
    for (const [name, service] of services.filter((s) => !oneShot(s))) {
      expect(service.healthcheck?.test?.length, name).toBeGreaterThan(0);
    }
    for (const [name, service] of appServices.filter((s) => !oneShot(s))) {
      expect(service.healthcheck!.test!.join(' '), name).toContain('/healthz');
    }
    for (const [name, service] of services) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        const waited = compose.services[dependency]!;
        expect(condition, `${name} → ${dependency}`).toBe(
          waited.restart === 'no' ? 'service_completed_successfully' : 'service_healthy',
        );
        expect(
          waited.profiles!.every((p) => service.profiles!.includes(p)) ||
            service.profiles!.every((p) => waited.profiles!.includes(p)),
          `${name} → ${dependency}`,
        ).toBe(true);
      }
    }
    for (const name of ['app', 'migrate', 'worker', 'web1', 'web2']) {
      expect(Object.keys(compose.services[name]!.depends_on ?? {}), name).toContain(
        name === 'app' || name === 'migrate' ? 'postgres' : 'migrate',
      );
    }
  });

  it('sends every path, the WebSocket one too, through the TLS proxy to the app instances', () => {
    const caddyfile = readFileSync(join(root, 'deploy/caddy/Caddyfile'), 'utf8').replace(/#.*$/gm, '');
    // One site on the public host whose reverse_proxy has no path matcher, so the socket path reaches the app too.
    expect(caddyfile).toMatch(/^\{\$CORDATA_HOST\} \{\n[\s\S]*^\treverse_proxy \{\$CORDATA_UPSTREAMS\} \{$/m);
    expect(caddyfile).not.toMatch(/handle|route|path|@/);
    expect(caddyfile).toContain('health_uri /healthz');
    expect(realtimePath('cordata')).toMatch(/^\/api\//);
    expect(compose.services.proxy!.environment!.CORDATA_UPSTREAMS).toBe('app:8080');
    expect(compose.services.balancer!.environment!.CORDATA_UPSTREAMS).toBe('web1:8080 web2:8080');
    expect(compose.services.balancer!.command).toContain('/etc/caddy/Caddyfile.scale');
    expect(readFileSync(join(root, 'deploy/caddy/Caddyfile.scale'), 'utf8')).toMatch(/^import Caddyfile$/m);
  });

  /** Debian's podman-compose (1.0) has no `config`: it resolves the file into its podman commands, run here by `true`. */
  it.skipIf(!hasPodmanCompose() && !process.env.CI)('resolves in podman-compose with the .env of .env.example', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cordata-compose-'));
    try {
      copyFileSync(join(root, 'compose.yaml'), join(dir, 'compose.yaml'));
      const example = readFileSync(join(root, '.env.example'), 'utf8');
      writeFileSync(join(dir, '.env'), example.replace(/^([A-Z0-9_]+)=$/gm, '$1=filled-in'));
      const out = execFileSync(
        'podman-compose',
        ['--project-name', 'cordata', '--podman-path', 'true', '--dry-run', 'up'],
        {
          cwd: dir,
          encoding: 'utf8',
        },
      );
      expect(
        out
          .match(/create --name=\S+/g)!
          .map((s) => s.replace(/^create --name=cordata_|_1$/g, ''))
          .sort(),
      ).toEqual(services.map(([name]) => name).sort());
      expect(out).not.toContain('${');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function hasPodmanCompose() {
  try {
    execFileSync('podman-compose', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
