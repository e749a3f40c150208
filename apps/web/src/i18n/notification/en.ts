/** The notifications' strings (list, texts per type, push), in English. */
export const notification = {
  markAllRead: 'Mark all as read',
  empty: 'No notifications yet. Invitations, requests and messages will show up here.',
  loadError: 'The notifications could not be loaded.',
  loadingMore: 'Loading more…',
  unread: 'Unread',
  someone: 'Someone',
  anActivity: 'an activity',
  aGroup: 'a group',
  aChat: 'a chat',
  reason: 'Reason: {{reason}}',
  types: {
    ACTIVITY_INVITE: '<b>{{actor}}</b> invited you to <b>{{target}}</b>',
    ACTIVITY_EDIT: '<b>{{target}}</b> has changed: check the new details',
    ACTIVITY_ACCEPT: 'Your request for <b>{{target}}</b> was accepted',
    ACTIVITY_REJECT: 'Your request for <b>{{target}}</b> was declined',
    ACTIVITY_REQUEST: '<b>{{actor}}</b> asks to join <b>{{target}}</b>',
    NEW_CONTACT: '<b>{{actor}}</b> accepted your contact request',
    CONTACT_REQUEST: '<b>{{actor}}</b> wants to add you as a contact',
    GROUP_INVITE: '<b>{{actor}}</b> invited you to the group <b>{{target}}</b>',
    GROUP_ACCEPT: 'Your request for the group <b>{{target}}</b> was accepted',
    GROUP_REJECT: 'Your request for the group <b>{{target}}</b> was declined',
    GROUP_REQUEST: '<b>{{actor}}</b> asks to join the group <b>{{target}}</b>',
    SEND_MESSAGE: 'New messages in <b>{{target}}</b>',
    CARPOOL_REQUEST: '<b>{{actor}}</b> asks for a seat in your car to <b>{{target}}</b>',
    CARPOOL_ACCEPTED: '<b>{{actor}}</b> takes you to <b>{{target}}</b>: see the pickup point',
    GEAR_UNCLAIMED: '<b>{{target}}</b> starts within 24 h and nobody brings some required gear yet',
    ACTIVITY_REMINDER: '<b>{{target}}</b> starts at {{time}}',
    ACTIVITY_SEAT_OFFER: 'A seat is free in <b>{{target}}</b>: claim it before it passes to the next person',
    ACTIVITY_LATE_LEAVE: '<b>{{actor}}</b> left <b>{{target}}</b> after the join deadline',
    ACTIVITY_CANCELLED: '<b>{{target}}</b> on {{when}} is cancelled',
    ACTIVITY_WEATHER_ALERT:
      'Weather alert for <b>{{target}}</b>: the forecast breaks your limits. Keep, move or cancel?',
    ACTIVITY_WEATHER_DECISION: '<b>{{target}}</b> goes ahead as planned despite the forecast',
    ACTIVITY_NOT_BACK: '<b>{{actor}}</b> is not back from <b>{{target}}</b> and the planned return has passed',
    ACTIVITY_RECAP_READY: 'The recap of <b>{{target}}</b> is ready: add your photos',
    ACTIVITY_JOINED: '<b>{{actor}}</b> joined <b>{{target}}</b>',
    ACTIVITY_WAITLISTED: '<b>{{actor}}</b> joined the waitlist of <b>{{target}}</b>',
    ACTIVITY_SEAT_TAKEN: '<b>{{actor}}</b> took a freed seat in <b>{{target}}</b>',
    POLL_ASKED: '<b>{{actor}}</b> asks which dates suit you: <b>{{target}}</b>',
    POLL_REMINDER: 'The poll <b>{{target}}</b> closes tomorrow: say which dates suit you',
    POLL_CLOSED: 'Your poll <b>{{target}}</b> has closed: create the activity on the winning date',
    GROUP_CONSENT_CHANGED: 'The admins of <b>{{target}}</b> ask members to accept a new text: read it and accept it',
  },
  /** ACTIVITY_NOT_BACK about the reader themself (reason SELF). */
  notBackSelf:
    'You are not checked in as back from <b>{{target}}</b>: tap “I’m back”, or your emergency contacts will be e-mailed',
  /** ACTIVITY_LATE_LEAVE close to the start, before any join deadline (reason SOON). */
  lateLeaveSoon: '<b>{{actor}}</b> left <b>{{target}}</b>, which starts within 24 h',
  /** An organiser's notification with later people folded in (reason ending in " +N", {{more}} = N). */
  batched: {
    one: {
      ACTIVITY_JOINED: '<b>{{actor}}</b> and 1 more joined <b>{{target}}</b>',
      ACTIVITY_WAITLISTED: '<b>{{actor}}</b> and 1 more joined the waitlist of <b>{{target}}</b>',
      ACTIVITY_SEAT_TAKEN: '<b>{{actor}}</b> and 1 more took freed seats in <b>{{target}}</b>',
      ACTIVITY_LATE_LEAVE: '<b>{{actor}}</b> and 1 more left <b>{{target}}</b> after the join deadline',
      ACTIVITY_LATE_LEAVE_SOON: '<b>{{actor}}</b> and 1 more left <b>{{target}}</b>, which starts within 24 h',
    },
    other: {
      ACTIVITY_JOINED: '<b>{{actor}}</b> and {{more}} more joined <b>{{target}}</b>',
      ACTIVITY_WAITLISTED: '<b>{{actor}}</b> and {{more}} more joined the waitlist of <b>{{target}}</b>',
      ACTIVITY_SEAT_TAKEN: '<b>{{actor}}</b> and {{more}} more took freed seats in <b>{{target}}</b>',
      ACTIVITY_LATE_LEAVE: '<b>{{actor}}</b> and {{more}} more left <b>{{target}}</b> after the join deadline',
      ACTIVITY_LATE_LEAVE_SOON: '<b>{{actor}}</b> and {{more}} more left <b>{{target}}</b>, which starts within 24 h',
    },
  },
  /** The language dates in notification texts are written in. */
  dateLanguage: 'en',
  cancelledSoon: '<b>{{target}}</b> is cancelled',
  reminderSoon: '<b>{{target}}</b> starts soon',
  reminderTomorrow: '<b>{{target}}</b> starts tomorrow at {{time}}',
  /** SEND_MESSAGE of a direct chat (reason DIRECT). */
  directMessage: 'New messages from <b>{{actor}}</b>',
  /** ACTIVITY_WEATHER_DECISION by the organiser's choice; {{when}} is the new day and start of a move. */
  /** ACTIVITY_WEATHER_ALERT of an activity with a backup route (its reason offers SWITCH_BACKUP). */
  weatherAlertBackup:
    'Weather alert for <b>{{target}}</b>: the forecast breaks your limits. Keep, move, switch to the backup route or cancel?',
  weatherDecisions: {
    KEEP: '<b>{{target}}</b> goes ahead as planned despite the forecast',
    MOVE: '<b>{{target}}</b> is moved because of the weather: now {{when}}',
    SWITCH_BACKUP: '<b>{{target}}</b> takes the backup route because of the weather: check the new route',
    CANCEL: '<b>{{target}}</b> is cancelled because of the weather',
  },
  edits: {
    TIME: '<b>{{target}}</b> has a new time: check when it starts',
    END: '<b>{{target}}</b> now ends at a different time: check when it finishes',
    PLACE: '<b>{{target}}</b> has a new start point: check where to meet',
    TIME_PLACE: '<b>{{target}}</b> has a new time and start point: check the new details',
    END_PLACE: '<b>{{target}}</b> has a new start point and end time: check the new details',
    RULE: '<b>{{target}}</b> now repeats differently: check your next dates',
  },
};
