import { callNames } from '@cordata/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { implementedCalls } from '../src/http/routes.ts';
import { createTestApp, type TestApp } from './app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('answers every call of the contract: none is left at 501', () => {
  expect(callNames.filter((name) => !implementedCalls(t.modules.handlers).includes(name))).toEqual([]);
});
