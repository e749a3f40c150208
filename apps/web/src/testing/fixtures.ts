import type {
  AccessRequest,
  Activity,
  ActivitySummary,
  ChatSummary,
  Group,
  Message,
  Notification,
  OwnUser,
  Participant,
  Sport,
  UserSummary,
} from '@cordata/contract';

/**
 * The one place tests build API objects: each is complete and typed by the contract, so a new or renamed field
 * breaks the tests at compile time instead of leaving them on a shape the server no longer sends. Pass only what
 * the test is about: `anActivity({ access: 'CLOSED', isAdmin: true })`.
 */

/** A UUID v7-looking id that reads as its number in test output: `id(7)` → `01900000-…-000000000007`. */
export const id = (n: number) => `01900000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;

const WHEN = '2026-11-29T08:00:00.000Z';

export const aUser = (over: Partial<UserSummary> = {}): UserSummary => ({
  userId: id(1),
  username: 'anna',
  firstName: 'Anna',
  lastName: 'Bianchi',
  profilePicture: null,
  lastOnlineAt: null,
  ...over,
});

export const anOwnUser = (over: Partial<OwnUser> = {}): OwnUser => ({
  ...aUser(),
  email: 'anna@example.com',
  country: 'Italia',
  city: 'Milano',
  birthDate: '1990-05-01',
  phone: null,
  gender: 'FEMALE',
  sports: [],
  paceGroupLevels: [],
  language: 'en',
  role: 'USER',
  completed: true,
  createdAt: WHEN,
  ...over,
});

export const aParticipant = (over: Partial<Participant> = {}): Participant => ({
  ...aUser(),
  isAdmin: false,
  joinedAt: WHEN,
  consent: null,
  ...over,
});

export const aRequest = (over: Partial<AccessRequest> = {}): AccessRequest => ({
  ...aUser(),
  requestedAt: WHEN,
  consent: null,
  ...over,
});

export const aSport = (over: Partial<Sport> = {}): Sport => ({
  sportId: 'running',
  name: 'Running',
  names: { en: 'Running', it: 'Corsa', de: 'Laufen', fr: 'Course à pied', es: 'Carrera a pie' },
  icon: 'running',
  intensityKinds: ['DISTANCE', 'PACE'],
  ...over,
});

export const anActivitySummary = (over: Partial<ActivitySummary> = {}): ActivitySummary => ({
  activityId: id(100),
  name: 'Morning run',
  sportId: 'running',
  date: '2026-11-29',
  startTime: '09:00',
  endTime: '11:00',
  timeZone: 'Europe/Rome',
  startsAt: WHEN,
  endsAt: '2026-11-29T10:00:00.000Z',
  access: 'OPEN',
  visibility: 'PUBLIC',
  difficulty: 'EASY',
  grades: [],
  hazards: [],
  totalDistance: 10_000,
  totalElevationGain: 100,
  requiredTime: null,
  stepFree: false,
  start: { latitude: 45.46, longitude: 9.19 },
  meetingArea: null,
  group: null,
  participantsCount: 1,
  createdBy: aUser(),
  status: 'NONE',
  isAdmin: false,
  seats: null,
  seatsLeft: null,
  ...over,
});

export const anActivity = (over: Partial<Activity> = {}): Activity => ({
  ...anActivitySummary(),
  participantsPublic: false,
  consent: null,
  myConsent: null,
  routeAccess: null,
  description: null,
  contact: null,
  route: {
    mode: 'POINTS',
    start: { latitude: 45.46, longitude: 9.19 },
    destination: { latitude: 45.47, longitude: 9.2 },
    routeSteps: [
      { latitude: 45.46, longitude: 9.19 },
      { latitude: 45.47, longitude: 9.2 },
    ],
    routeBreaks: [],
    hiddenByPrivacy: false,
    waypoints: [],
    elevationProfile: [],
  },
  backupRoute: null,
  smoothedElevationGain: 90,
  elevationLoss: 80,
  estimatedMovingTime: null,
  rejectionReason: null,
  pendingRequestsCount: 0,
  isOnlyAdmin: false,
  takesAttendance: false,
  blockedParticipantsCount: 0,
  groupMovingTime: null,
  chatId: null,
  series: null,
  closedAt: null,
  createdAt: WHEN,
  updatedAt: WHEN,
  joinDeadlineHours: null,
  claimWindowMinutes: null,
  joinDeadlineAt: null,
  waitlistCount: 0,
  waitlist: null,
  overlappingWaitlists: [],
  ...over,
});

export const aGroup = (over: Partial<Group> = {}): Group => ({
  groupId: id(200),
  name: 'Trail friends',
  description: '',
  type: 'OPEN',
  sportIds: ['running'],
  location: null,
  picture: null,
  membersCount: 1,
  status: 'NONE',
  isAdmin: false,
  rejectionReason: null,
  pendingRequestsCount: 0,
  isOnlyAdmin: false,
  isLeader: false,
  sharesEmail: false,
  consent: null,
  myConsent: null,
  chatId: null,
  createdAt: WHEN,
  ...over,
});

export const aMessage = (over: Partial<Message> = {}): Message => ({
  messageId: id(300),
  chatId: id(400),
  sender: aUser(),
  kind: 'TEXT',
  text: 'Ciao!',
  clientMessageId: null,
  createdAt: WHEN,
  ...over,
});

export const aChat = (over: Partial<ChatSummary> = {}): ChatSummary => ({
  chatId: id(400),
  kind: 'ACTIVITY',
  targetId: id(100),
  name: 'Morning run',
  picture: null,
  person: null,
  lastMessage: null,
  unreadCount: 0,
  closedAt: null,
  canSend: true,
  ...over,
});

export const aNotification = (over: Partial<Notification> = {}): Notification => ({
  notificationId: id(500),
  type: 'ACTIVITY_INVITE',
  targetId: id(100),
  actor: aUser(),
  targetName: 'Morning run',
  reason: null,
  read: false,
  createdAt: WHEN,
  ...over,
});
