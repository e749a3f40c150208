import type { Core } from '../../core.ts';
import type { Module } from '../module.ts';
import type { Changes } from '../shared/changes.ts';
import { privacyHandlers } from './privacy.handlers.ts';
import { createPrivacyRepository } from './privacy.repository.ts';
import { createPrivacyService } from './privacy.service.ts';
import { createPrivacyTrim } from './privacy-trim.ts';

/** Privacy zones (issue 23): the calls that manage them, and the zones for a reader that every mapper of points takes. */
export function createPrivacyModule(core: Pick<Core, 'db'>, deps: { changes: Changes }) {
  const repo = createPrivacyRepository(core.db);
  return {
    handlers: privacyHandlers(createPrivacyService({ repo, changes: deps.changes })),
    services: { trim: createPrivacyTrim({ repo }) },
  } satisfies Module;
}
