import { and, asc, eq, inArray, isNull, like, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  activityPhotos,
  activityReminders,
  chatMembers,
  connections,
  mailOutbox,
  notifications,
  otpCodes,
  pushTokens,
  rateLimits,
  sessions,
  uploads,
  userSports,
  users,
} from '../../db/schema.ts';
import { type MembershipKind, memberTables } from '../membership/membership.repository.ts';

/** The queries that take a person's data out of the database when they delete their account. */
export function createAccountRepository(db: DbOrTx) {
  return {
    /** The live objects where the person is an admin taking part. */
    adminOf: (kind: MembershipKind, userId: string, tx: DbOrTx = db) => {
      const k = memberTables[kind];
      return tx
        .select({ objectId: k.objectId })
        .from(k.members)
        .innerJoin(k.objects, eq(k.objects.id, k.objectId))
        .where(
          and(
            eq(k.members.userId, userId),
            eq(k.members.isAdmin, true),
            eq(k.members.state, 'PARTICIPATING'),
            isNull(k.objects.deletedAt),
          ),
        )
        .then((rows) => rows.map((r) => r.objectId));
    },

    /** Other participants, admins first, then the longest-standing. */
    otherParticipants: (kind: MembershipKind, objectId: string, userId: string, tx: DbOrTx = db) => {
      const k = memberTables[kind];
      return tx
        .select({ userId: k.members.userId, isAdmin: k.members.isAdmin })
        .from(k.members)
        .where(and(eq(k.objectId, objectId), ne(k.members.userId, userId), eq(k.members.state, 'PARTICIPATING')))
        .orderBy(
          sql`${k.members.isAdmin} desc`,
          asc(sql`coalesce(${k.members.joinedAt}, ${k.members.createdAt})`),
          asc(k.members.userId),
        );
    },

    makeAdmin: (kind: MembershipKind, objectId: string, userId: string, tx: DbOrTx = db) => {
      const k = memberTables[kind];
      return tx
        .update(k.members)
        .set({ isAdmin: true })
        .where(and(eq(k.objectId, objectId), eq(k.members.userId, userId)));
    },

    markDeleted: (kind: MembershipKind, objectId: string, at: Date, tx: DbOrTx = db) => {
      const k = memberTables[kind];
      return tx.update(k.objects).set({ deletedAt: at, updatedAt: at }).where(eq(k.objects.id, objectId));
    },

    removeMemberships: (kind: MembershipKind, userId: string, tx: DbOrTx = db) => {
      const k = memberTables[kind];
      return tx.delete(k.members).where(eq(k.members.userId, userId));
    },

    openChats: (userId: string, tx: DbOrTx = db) =>
      tx
        .select({ chatId: chatMembers.chatId })
        .from(chatMembers)
        .where(and(eq(chatMembers.userId, userId), isNull(chatMembers.leftAt)))
        .then((rows) => rows.map((r) => r.chatId)),

    /**
     * Deletes the person's own pictures, their profile pictures and the photos they added to recap albums, and
     * gives their storage keys (the files go once the deletion commits). Chat attachments stay with the messages.
     */
    async removeOwnPictures(userId: string, tx: DbOrTx = db) {
      const photos = await tx
        .delete(activityPhotos)
        .where(eq(activityPhotos.uploaderId, userId))
        .returning({ storageKey: activityPhotos.storageKey });
      const files = await tx
        .delete(uploads)
        .where(and(eq(uploads.userId, userId), inArray(uploads.purpose, ['PROFILE_PICTURE', 'RECAP_PHOTO'])))
        .returning({ storageKey: uploads.storageKey });
      return [...new Set([...photos, ...files].map((r) => r.storageKey))];
    },

    /** Deletes what only concerned the person and blanks the account row, which stays as a tombstone. */
    erasePersonalData: async (userId: string, at: Date, tx: DbOrTx = db) => {
      // What carries the address outside the users row goes too (review M9): mail, codes, limits.
      const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (account) {
        await tx.delete(mailOutbox).where(eq(mailOutbox.to, account.email));
        await tx.delete(otpCodes).where(eq(otpCodes.email, account.email));
        await tx.delete(rateLimits).where(like(rateLimits.key, `%:${account.email}%`));
      }
      await tx.delete(userSports).where(eq(userSports.userId, userId));
      await tx.delete(connections).where(or(eq(connections.requesterId, userId), eq(connections.addresseeId, userId)));
      await tx.delete(pushTokens).where(eq(pushTokens.userId, userId));
      await tx.delete(notifications).where(eq(notifications.userId, userId));
      await tx.delete(activityReminders).where(eq(activityReminders.userId, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await tx
        .update(users)
        .set({
          email: `deleted-${userId}@deleted.invalid`,
          passwordHash: null,
          username: null,
          firstName: null,
          lastName: null,
          searchName: '',
          country: null,
          city: null,
          birthDate: null,
          phone: null,
          gender: null,
          profilePicture: null,
          homeLatitude: null,
          homeLongitude: null,
          notificationPreferences: {},
          lastOnlineAt: null,
          completed: false,
          deletedAt: at,
          updatedAt: at,
        })
        .where(eq(users.id, userId));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
