import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../http/handlers.ts';
import type { Job } from '../jobs.ts';

/**
 * What every module factory (`modules/<name>/index.ts`, one factory each) returns. `modules.ts` lists the
 * factories in the order they depend on each other, gathers their handlers, jobs and routes, and hands each
 * module's `services` to the modules made after it.
 */
export interface Module<Services extends object = object> {
  /** The calls of its contract namespace, each answered (`<name>.handlers.ts`, typed with `HandlersOf`). */
  handlers?: Handlers;
  /** Background work; each job must be safe to run on several instances at once (jobs.ts). */
  jobs?: Job[];
  /** Routes outside the call contract: downloads, feeds, pages. */
  routes?: (app: FastifyInstance) => void;
  /** Stops what the module started (worker threads) when the server closes. */
  close?: () => Promise<unknown>;
  /** What the modules made after it, and the tests, use. */
  services: Services;
}
