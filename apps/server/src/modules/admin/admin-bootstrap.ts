import type { Db } from '../../db/client.ts';
import { createAdminRepository } from './admin.repository.ts';

/**
 * Makes the account with this e-mail an admin (the first admin: from the command line or ADMIN_EMAIL,
 * never from a public call). Only a confirmed address is promoted, so nobody can sign up with the
 * operator's address first and become admin (review L11). With `once` (ADMIN_EMAIL, at every start)
 * an account the bootstrap promoted before is left alone: an admin's later demotion sticks.
 */
export async function promoteToAdmin(
  db: Db,
  email: string,
  options: { once?: boolean } = {},
): Promise<'PROMOTED' | 'ALREADY_ADMIN' | 'NOT_FOUND' | 'NOT_CONFIRMED' | 'ALREADY_DONE'> {
  const address = email.trim().toLowerCase();
  const repo = createAdminRepository(db);
  const user = await repo.bootstrapCandidate(address);
  if (!user) return 'NOT_FOUND';
  if (user.role === 'ADMIN') return 'ALREADY_ADMIN';
  if (!user.confirmedAt) return 'NOT_CONFIRMED';
  if (options.once && user.bootstrapped) return 'ALREADY_DONE';
  await db.transaction((tx) => repo.promoteByBootstrap(user.id, user.role, tx));
  return 'PROMOTED';
}
