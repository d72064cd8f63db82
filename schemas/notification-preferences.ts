import { Schema, SchemaTransformation } from 'effect';

/**
 * Notification preferences (issue 8; spec §2 "notifications", §8 'Failed to update notification preferences'): what
 * the signed-in partner is told about, per event and channel. Of the signed-in user only: no user id in the path.
 *
 *   GET  /v1/notification-preferences                       → NotificationPreferencesResponse
 *   PUT  /v1/notification-preferences NotificationPreferencesRequest → NotificationPreferencesResponse
 */

/**
 * What a partner can be told about (the spec names notifications without a list; these are the portal's events):
 * new jobs matching their alerts, reservation decisions, return offers, a job allocated to them, reminders before a
 * job, payments sent, documents about to expire, and new messages.
 */
export const NOTIFICATION_EVENTS = [
  'new_job_alerts',
  'reservation_decisions',
  'return_offers',
  'job_allocated',
  'job_reminders',
  'payments',
  'documents_expiry',
  'messages',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'in_app'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type ChannelChoices = Readonly<Record<NotificationChannel, boolean>>;
export type NotificationMatrix = Readonly<Record<NotificationEvent, ChannelChoices>>;

const matrixOf = (choose: (event: NotificationEvent, channel: NotificationChannel) => boolean): NotificationMatrix =>
  Object.fromEntries(
    NOTIFICATION_EVENTS.map((event) => [
      event,
      Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, choose(event, channel)])),
    ]),
  ) as NotificationMatrix;

/** Events urgent enough for a text message by default. */
const SMS_BY_DEFAULT: readonly NotificationEvent[] = ['return_offers', 'job_allocated', 'job_reminders'];

/** A partner who never saved: e-mail and in-app for everything, SMS only for the urgent events. */
export const DEFAULT_NOTIFICATION_MATRIX: NotificationMatrix = matrixOf(
  (event, channel) => channel !== 'sms' || SMS_BY_DEFAULT.includes(event),
);

const ChannelChoicesSchema = Schema.Struct(
  Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, Schema.Boolean])) as Record<
    NotificationChannel,
    typeof Schema.Boolean
  >,
);
/** The matrix as GET answers it: every event, every channel. */
export const NotificationMatrixSchema = Schema.Struct(
  Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, ChannelChoicesSchema])) as Record<
    NotificationEvent,
    typeof ChannelChoicesSchema
  >,
);

export const NotificationPreferences = Schema.Struct({
  preferences: NotificationMatrixSchema,
  /** When the partner last saved; null while they have the defaults. */
  updated_at: Schema.NullOr(Schema.String),
});
export type NotificationPreferences = typeof NotificationPreferences.Type;
export const NotificationPreferencesResponse = Schema.Struct({ data: NotificationPreferences });

export const NOTIFICATION_MESSAGES = {
  unknownEvent: 'Unknown notification event',
  unknownChannel: 'Unknown notification channel',
  missingEvent: 'Every notification event needs its choices',
  missingChannel: 'Every channel needs a choice',
} as const;

/**
 * The whole matrix as PUT takes it. Decoded loosely (any keys, boolean values) and then checked key by key, because
 * the server decodes with excess properties ignored: a Struct would drop an unknown event silently instead of refusing
 * it. Each unknown or missing key is its own issue at its path (`preferences.sms_alerts`, `preferences.payments.fax`).
 */
const looseMatrix = Schema.Record(Schema.String, Schema.Record(Schema.String, Schema.Boolean));
const matrixIssues = (matrix: typeof looseMatrix.Type): { path: string[]; issue: string }[] => {
  const events = NOTIFICATION_EVENTS as readonly string[];
  const channels = NOTIFICATION_CHANNELS as readonly string[];
  const found: { path: string[]; issue: string }[] = [];
  for (const [event, choices] of Object.entries(matrix)) {
    if (!events.includes(event)) {
      found.push({ path: [event], issue: NOTIFICATION_MESSAGES.unknownEvent });
      continue;
    }
    for (const channel of Object.keys(choices))
      if (!channels.includes(channel))
        found.push({ path: [event, channel], issue: NOTIFICATION_MESSAGES.unknownChannel });
    for (const channel of channels)
      if (!(channel in choices)) found.push({ path: [event, channel], issue: NOTIFICATION_MESSAGES.missingChannel });
  }
  for (const event of events)
    if (!(event in matrix)) found.push({ path: [event], issue: NOTIFICATION_MESSAGES.missingEvent });
  return found;
};
export const NotificationMatrixInput = looseMatrix
  .check(
    Schema.makeFilter((matrix: typeof looseMatrix.Type) => {
      const found = matrixIssues(matrix);
      return found.length === 0 ? true : found;
    }),
  )
  .pipe(Schema.decodeTo(NotificationMatrixSchema, SchemaTransformation.passthrough({ strict: false })));
export const NotificationPreferencesUpdate = Schema.Struct({ preferences: NotificationMatrixInput });
export const NotificationPreferencesRequest = Schema.Struct({ payload: NotificationPreferencesUpdate });
