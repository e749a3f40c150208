import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

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
  const [user] = await queryRows<{ id: string; role: string; confirmed: boolean; bootstrapped: boolean }>(
    db,
    sql`select id, role, email_confirmed_at is not null as confirmed,
          exists (select 1 from audit_log a where a.target_id = users.id::text and a.action = 'USER_SET_ROLE'
                  and a.details ->> 'by' = 'bootstrap') as bootstrapped
        from users where email = ${address} and deleted_at is null`,
  );
  if (!user) return 'NOT_FOUND';
  if (user.role === 'ADMIN') return 'ALREADY_ADMIN';
  if (!user.confirmed) return 'NOT_CONFIRMED';
  if (options.once && user.bootstrapped) return 'ALREADY_DONE';
  await db.transaction(async (tx) => {
    await tx.execute(sql`update users set role = 'ADMIN', updated_at = now() where id = ${user.id}`);
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
