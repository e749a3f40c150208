import type { CallInput, CallName, CallResponse } from '@cordata/contract';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useFeedbackStore } from '../components/feedback.ts';
import { useToastStore } from '../components/toast.ts';
import i18n from '../i18n/index.ts';
import { useAuthStore } from '../state/auth.ts';

/** A call the app made: its name (e.g. `activity/make-admin`, `auth/oidc/start`) and its JSON body. */
export interface StubbedCall {
  path: string;
  body: unknown;
}

/** What the stub answers to a call: a JSON body, with a status (200 unless given). */
export type StubAnswer = { status?: number; json: unknown };

/**
 * Replaces fetch with a server that answers each call with `answer(path, body)`; returns the calls made,
 * in order. Undone by `signedInInEnglish`'s clean-up.
 */
export function stubApi(answer: (path: string, body: unknown) => StubAnswer): StubbedCall[] {
  const calls: StubbedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://app').pathname.replace(/^.*\/(database|admin)\//, '');
      const body: unknown = init.body ? JSON.parse(String(init.body)) : null;
      calls.push({ path, body });
      const { status = 200, json } = answer(path, body);
      return new Response(JSON.stringify(json), { status });
    }),
  );
  return calls;
}

/** Per call, an answer typed by the contract (its response, or a refusal); a call not listed answers 404. */
export type CallAnswers = {
  [K in CallName]?: (body: CallInput<K>) => CallResponse<K> | Refusal;
};

/**
 * Like stubApi, with each answer typed by its call: a contract change that the stubs no longer match fails to compile.
 * `stubCalls({ 'sport/list-all': () => ({ sports: [aSport()] }), 'auth/create-profile': () => refusal('USERNAME_TAKEN', 409) })`
 */
export function stubCalls(answers: CallAnswers): StubbedCall[] {
  return stubApi((path, body) => {
    const answer = (answers as Record<string, ((body: unknown) => unknown) | undefined>)[path];
    if (!answer) return refusal('NOT_FOUND', 404);
    const json = answer(body);
    return json instanceof Refusal ? json : { json };
  });
}

class Refusal implements StubAnswer {
  constructor(
    readonly status: number,
    readonly json: unknown,
  ) {}
}

/** An error answer as the server gives it, with the `details` some errors carry. */
export const refusal = (code: string, status: number, details?: Record<string, unknown>): Refusal =>
  new Refusal(status, { error: { code, message: code, ...(details ? { details } : {}) } });

/** Each test starts signed in, in English, with no feedback shown; fetch stubs and the DOM are undone after. */
export function signedInInEnglish() {
  beforeEach(async () => {
    useAuthStore.setState({ jwt: 'token', completed: true });
    useFeedbackStore.setState({ current: null });
    useToastStore.setState({ current: null });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
