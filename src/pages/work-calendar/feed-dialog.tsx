import { useActorRef, useSelector } from '@xstate/react';
import { Button, Input, Label, TextField } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { calendarFeedMachine } from '@/machines/work-calendar/calendar-feed.machine';
import {
  feedLoadFailure,
  feedOf,
  feedResetFailure,
  isConfirmingFeedReset,
  isFeedLoading,
  isFeedResetting,
} from '@/machines/work-calendar/work-calendar.selectors';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { failureText } from '@/src/format/failure-text';
import { ReservationDialog } from '@/src/pages/reservations/reservation-dialog';

/**
 * "Subscribe on your phone" (beyond the spec): the calendar's subscription address, to copy into a phone's calendar
 * or open in its calendar app (webcal://), with the last 30 and next 90 days of work; and a reset, asked first, for an
 * address shared too widely (the old one stops working).
 */
export function FeedDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const actor = useActorRef(
    calendarFeedMachine.provide({
      actions: {
        copyAddress: (_, { url }) => {
          void navigator.clipboard?.writeText(url).catch(() => undefined);
        },
      },
    }),
    { inspect },
  );
  const feed = useSelector(actor, feedOf);
  const loading = useSelector(actor, isFeedLoading);
  const resetting = useSelector(actor, isFeedResetting);
  const confirming = useSelector(actor, isConfirmingFeedReset);
  const readFailure = useSelector(actor, feedLoadFailure);
  const resetFailure = useSelector(actor, feedResetFailure);
  const { copied, wasReset } = useSelector(actor, (s) => s.context);

  const actions = confirming ? (
    <>
      <Button
        className="button button-secondary"
        isDisabled={resetting}
        onPress={() => actor.send({ type: 'feed.reset.cancelled' })}
      >
        {t('workCalendar.feed.keep')}
      </Button>
      <Button
        className="button button-danger"
        isDisabled={resetting}
        data-testid="feed-reset-confirm"
        onPress={() => actor.send({ type: 'feed.reset.confirmed' })}
      >
        {resetting ? t('workCalendar.feed.resetting') : t('workCalendar.feed.resetConfirm')}
      </Button>
    </>
  ) : (
    <>
      {readFailure ? (
        <Button className="button button-secondary" onPress={() => actor.send({ type: 'feed.retried' })}>
          {t('app.retry')}
        </Button>
      ) : null}
      {feed ? (
        <Button
          className="button button-secondary"
          data-testid="feed-reset"
          onPress={() => actor.send({ type: 'feed.reset.requested' })}
        >
          {t('workCalendar.feed.reset')}
        </Button>
      ) : null}
      <Button className="button" onPress={onClose}>
        {t('privateJob.close')}
      </Button>
    </>
  );

  return (
    <ReservationDialog
      testId="feed-dialog"
      title={t('workCalendar.feed.title')}
      busy={resetting}
      failed={false}
      onDismiss={onClose}
      actions={actions}
    >
      {loading ? <PageLoading /> : null}
      {readFailure ? (
        <p className="alert alert-danger" role="alert">
          {t('workCalendar.feed.loadFailed')}{' '}
          {failureText(intl, { kind: readFailure.kind, message: readFailure.message ?? '' })}
        </p>
      ) : null}
      {feed ? (
        <div className="cal-feed">
          <p>{t('workCalendar.feed.intro')}</p>
          <TextField className="field" value={feed.url} isReadOnly>
            <Label>{t('workCalendar.feed.address')}</Label>
            <Input data-testid="feed-url" onFocus={(e) => e.currentTarget.select()} />
          </TextField>
          <div className="cal-feed-actions">
            <Button
              className="button button-secondary"
              data-testid="feed-copy"
              onPress={() => actor.send({ type: 'feed.copied' })}
            >
              {t('workCalendar.feed.copy')}
            </Button>
            <a className="button button-secondary" href={feed.webcal_url} data-testid="feed-open">
              {t('workCalendar.feed.open')}
            </a>
          </div>
          <p className="cal-feed-status" role="status">
            {copied ? t('workCalendar.feed.copied') : wasReset ? t('workCalendar.feed.wasReset') : ''}
          </p>
          {confirming ? (
            <p className="alert alert-warning" data-testid="feed-reset-question">
              {t('workCalendar.feed.resetQuestion')}
            </p>
          ) : null}
          {resetFailure ? (
            <p className="alert alert-danger" role="alert">
              {t('workCalendar.feed.resetFailed')}{' '}
              {failureText(intl, { kind: resetFailure.kind, message: resetFailure.message ?? '' })}
            </p>
          ) : null}
        </div>
      ) : null}
    </ReservationDialog>
  );
}
