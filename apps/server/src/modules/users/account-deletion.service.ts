import type { DbOrTx } from '../../db/client.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import type { MembershipKind } from '../membership/membership.repository.ts';
import type { Changes, Effects } from '../shared/changes.ts';
import type { AccountRepository } from './account.repository.ts';

/**
 * Deletes an account: personal data goes, every session ends, and what others share with the
 * person stays consistent. Where they were the only admin, the longest-standing participant takes
 * over; an activity or group nobody is left in is deleted and its chat closed. Their messages stay
 * and show as from a deleted account.
 */
export function createAccountDeletionService(deps: {
  changes: Changes;
  account: AccountRepository;
  chatMembership: Pick<ChatMembership, 'chatIdOf' | 'leave' | 'close'>;
  realtime: Pick<Realtime, 'disconnectUser'>;
  /** The session cache forgets the person's sessions (tokens.sessionsChanged). */
  sessionsChanged?: (userId: string) => void;
  /** Removes stored files (profile pictures, recap photos) once the deletion is committed. */
  removeFiles: (storageKeys: string[]) => Promise<void>;
  /** What other domains erase of the person once the deletion is committed (data exports, carpool points, checklists). */
  erasers?: ((userId: string) => Promise<void>)[];
  now: () => Date;
}) {
  const { account, chatMembership } = deps;

  /**
   * The deletion in the caller's unit of work (an admin's deletion writes its audit entry and closes the
   * reports in the same transaction): the writes go in `tx`; the sockets, the stored files and what other
   * domains erase go once it commits, each on its own, so that one failing does not keep the others.
   */
  async function deleteIn(tx: DbOrTx, fx: Effects, userId: string) {
    const at = deps.now();
    const emptied: { kind: MembershipKind; objectId: string }[] = [];
    for (const kind of ['activity', 'group'] as const) {
      for (const objectId of await account.adminOf(kind, userId, tx)) {
        const others = await account.otherParticipants(kind, objectId, userId, tx);
        if (!others.length) emptied.push({ kind, objectId });
        else if (!others.some((o) => o.isAdmin)) await account.makeAdmin(kind, objectId, others[0]!.userId, tx);
      }
      await account.removeMemberships(kind, userId, tx);
    }
    for (const chatId of await account.openChats(userId, tx))
      await chatMembership.leave(tx, { kind: 'CHAT', chatId }, userId, fx.chat);
    for (const { kind, objectId } of emptied) {
      await account.markDeleted(kind, objectId, at, tx);
      const chatId = await chatMembership.chatIdOf(
        tx,
        kind === 'activity' ? { kind: 'ACTIVITY', activityId: objectId } : { kind: 'GROUP', groupId: objectId },
      );
      if (chatId) await chatMembership.close(tx, chatId, fx.chat);
    }
    const pictureKeys = await account.removeOwnPictures(userId, tx);
    await account.erasePersonalData(userId, at, tx);
    // The sessions ended with the transaction; the open sockets go once it commits, on every instance.
    fx.afterCommit(() => deps.sessionsChanged?.(userId));
    fx.afterCommit(() => deps.realtime.disconnectUser(userId));
    fx.afterCommit(() => deps.removeFiles(pictureKeys));
    for (const erase of deps.erasers ?? []) fx.afterCommit(() => erase(userId));
  }

  /** A person deletes their own account: the deletion is the whole change. */
  const deleteAccount = (userId: string) => deps.changes.run((tx, fx) => deleteIn(tx, fx, userId));

  return { deleteAccount, deleteIn };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
