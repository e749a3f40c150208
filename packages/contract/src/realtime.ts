import type { Message } from './calls/chat.ts';
import type { Notification } from './calls/notification.ts';

/** Socket.IO events, server to client. */
export interface ServerToClientEvents {
  message: (message: Message) => void;
  typing: (event: { chatId: string; userId: string; typing: boolean }) => void;
  notification: (notification: Notification) => void;
  'chat:closed': (event: { chatId: string }) => void;
  /** An activity's carpool or gear changed: seat counts ride along (never a pickup point); lists are refetched. */
  logistics: (event: {
    activityId: string;
    kind: 'carpool' | 'gear';
    seats?: { offerId: string; seats: number; seatsTaken: number }[];
  }) => void;
  /**
   * To one person: a seat of an activity is theirs to claim until `expiresAt` (`offered`), or their place on its
   * waitlist changed (`moved`), or an organiser took them off it (`removed`): the app refetches the activity.
   */
  seat: (event: { activityId: string; kind: 'offered' | 'moved' | 'removed'; expiresAt?: string }) => void;
}

/** Socket.IO events, client to server. */
export interface ClientToServerEvents {
  typing: (event: { chatId: string; typing: boolean }) => void;
}

export const realtimePath = (product: string) => `/api/space/${product}/realtime`;
