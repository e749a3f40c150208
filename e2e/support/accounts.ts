import type { CallInput, CallName, CallResponse } from '@cordata/contract';
import { callPath } from '@cordata/contract';
import { mailsTo } from './server.ts';

/** Calls the API of a running server as a client would. */
export async function call<K extends CallName>(
  baseUrl: string,
  name: K,
  body: CallInput<K>,
  jwt?: string,
): Promise<CallResponse<K>> {
  const res = await fetch(`${baseUrl}${callPath(name)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${name} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as CallResponse<K>;
}

export interface Account {
  jwt: string;
  userId: string;
  email: string;
}

/**
 * A confirmed account with a completed profile, made through the real calls: sign-up, the code from
 * the dev mailbox, confirm-email, create-profile.
 */
/** The password of every account newAccount makes. */
export const PASSWORD = 'Trail#Run9x';

export async function newAccount(baseUrl: string, person: { firstName: string; lastName: string }): Promise<Account> {
  const tag = Math.random().toString(36).slice(2, 8);
  const email = `${person.firstName.toLowerCase()}.${tag}@example.test`;
  const password = PASSWORD;
  await call(baseUrl, 'auth/email/sign-up', { email, password, acceptTerms: true, acceptPrivacy: true });
  const mails = await mailsTo(baseUrl, email);
  const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  const { jwt } = await call(baseUrl, 'auth/email/confirm-email', { email, code });
  const { sports } = await call(baseUrl, 'sport/list-all', undefined, jwt);
  const sport = sports[0]!;
  const { user } = await call(
    baseUrl,
    'auth/create-profile',
    {
      ...person,
      username: `${person.firstName.toLowerCase()}${tag}`.replace(/[^a-z0-9]/g, ''),
      birthDate: '1990-04-12',
      gender: 'UNSPECIFIED',
      country: 'IT',
      city: 'Milano',
      sports: [{ sportId: sport.sportId, intensity: { kind: sport.intensityKinds[0] ?? 'DISTANCE', value: 10_000 } }],
    },
    jwt,
  );
  return { jwt, userId: user.userId, email };
}
