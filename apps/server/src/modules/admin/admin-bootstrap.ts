import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/**
 * Makes the account with this e-mail an admin (the first admin: from the command line or ADMIN_EMAIL,
 * never from a public call). The outcome says whether the account exists and whether it changed.
 */
export async function promoteToAdmin(db: Db, email: string): Promise<'PROMOTED' | 'ALREADY_ADMIN' | 'NOT_FOUND'> {
  const address = email.trim().toLowerCase();
  const [user] = await queryRows<{ id: string; role: string }>(
    db,
    sql`select id, role from users where email = ${address} and deleted_at is null`,
  );
  if (!user) return 'NOT_FOUND';
  if (user.role === 'ADMIN') return 'ALREADY_ADMIN';
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
