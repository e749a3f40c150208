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
  /**
   * A live position of another person of an activity (issue 23): sent only to those who share too, during the
   * window, never between two people when either has blocked the other, trimmed of the sender's privacy zones.
   */
  'safety:position': (event: SafetyPositionEvent) => void;
  /** A date poll the person is asked in (or made) has a new answer, closed or became an activity: refetch. */
  'poll:changed': (event: { pollId: string }) => void;
  /** Someone of the activity is back, started or stopped sharing, or the planned return moved: refetch. */
  'safety:changed': (event: { activityId: string }) => void;
}

export interface SafetyPositionEvent {
  activityId: string;
  userId: string;
  latitude: number;
  longitude: number;
  /** When the phone fixed it (ISO 8601). */
  at: string;
}

/** What a sharing phone sends, every 30 s (5 min in economy mode); the server stamps its own time on it. */
export interface SafetyPositionInput {
  activityId: string;
  latitude: number;
  longitude: number;
  /** Metres, as the phone reports it. */
  accuracy?: number;
}

/** The answer to a sent position: stored and passed on, or why not (the phone stops sending on a refusal). */
export type SafetyPositionAck =
  | { ok: true }
  | { ok: false; code: 'INVALID' | 'NOT_FOUND' | 'NOT_SHARING' | 'SAFETY_WINDOW_CLOSED' | 'TOO_SOON' };

/** Socket.IO events, client to server. */
export interface ClientToServerEvents {
  typing: (event: { chatId: string; typing: boolean }) => void;
  'safety:position': (event: SafetyPositionInput, ack?: (answer: SafetyPositionAck) => void) => void;
}

export const realtimePath = (product: string) => `/api/space/${product}/realtime`;
