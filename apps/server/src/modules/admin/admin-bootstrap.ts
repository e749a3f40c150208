import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, qualified } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';

/** The bootstrap promoted this account before (its audit entry says so). */
const promotedBefore = sql<boolean>`exists (select 1 from ${auditLog}
  where ${auditLog.targetId} = ${qualified(users.id)}::text and ${auditLog.action} = 'USER_SET_ROLE'
    and ${auditLog.details} ->> 'by' = 'bootstrap')`;

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
  const [user] = await db
    .select({ id: users.id, role: users.role, confirmedAt: users.emailConfirmedAt, bootstrapped: promotedBefore })
    .from(users)
    .where(and(eq(users.email, address), isNull(users.deletedAt)));
  if (!user) return 'NOT_FOUND';
  if (user.role === 'ADMIN') return 'ALREADY_ADMIN';
  if (!user.confirmedAt) return 'NOT_CONFIRMED';
  if (options.once && user.bootstrapped) return 'ALREADY_DONE';
  await db.transaction(async (tx) => {
    await tx.update(users).set({ role: 'ADMIN', updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await tx.insert(auditLog).values({
      actorId: null,
      action: 'USER_SET_ROLE',
      targetType: 'USER',
      targetId: user.id,
      reason: 'First admin',
      details: { from: user.role, to: 'ADMIN', by: 'bootstrap' },
    });
  });
  return 'PROMOTED';
}
