import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { privateJobDetailsMachine } from '@/machines/private-job/private-job-details.machine';
import { privateJobMachine } from '@/machines/private-job/private-job.machine';
import {
  detailsJob,
  detailsOutcome,
  editorOf,
  hasDetailsFailed,
  isConfirmingDelete,
  isDeleting,
  isDetailsLoading,
  outcomeOf,
} from '@/machines/private-job/private-job.selectors';
import type { PrivateJob } from '@/schemas/private-job';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { useFormatters } from '@/src/app/use-formatters';
import { formatDuration } from '@/src/format/duration';
import { failureText } from '@/src/format/failure-text';
import { ReservationDialog } from '@/src/pages/reservations/reservation-dialog';
import '@/src/pages/reservations/reservations.css';
import { STOP_MESSAGES } from './calendar-labels';
import { newUuid } from './new-uuid';
import { PrivateJobSteps } from './private-job-steps';
import './work-calendar.css';

export interface PrivateJobDialogProps {
  /** The job to show (with Edit and Delete); none: a new one in three steps. */
  readonly uuid?: string;
  /** A new job's first day (yyyy-MM-dd), e.g. the day the calendar shows. */
  readonly date?: string;
  /** Closed; `saved` when a job was created, changed or deleted (the calendar reads again). */
  onClose(saved: boolean): void;
}

/**
 * A private (external) job over the work calendar or won work (spec §2 `external/{id?}`): without a uuid the
 * three-step creation, with one the job's details, Edit (the same three steps) and Delete (asked first).
 */
export function PrivateJobDialog({ uuid, date, onClose }: PrivateJobDialogProps) {
  return uuid ? <PrivateJobDetails uuid={uuid} onClose={onClose} /> : <NewPrivateJob date={date} onClose={onClose} />;
}

function NewPrivateJob({ date, onClose }: { date?: string; onClose(saved: boolean): void }) {
  const intl = useIntl();
  // the job's uuid, made once when the creation opens: a save repeated after no answer stores one job
  const [uuid] = useState(newUuid);
  const actor = useActorRef(privateJobMachine, { inspect, input: { uuid, ...(date ? { date } : {}) } });
  const outcome = useSelector(actor, outcomeOf);
  useEffect(() => {
    if (outcome !== 'open') onClose(outcome === 'saved');
  }, [outcome, onClose]);
  return <PrivateJobSteps actor={actor} title={intl.formatMessage({ id: 'privateJob.new.title' })} />;
}

/** One stop of a stored job: where, its window in London time, and the time on site. */
function StopFacts({ job, index }: { job: PrivateJob; index: 0 | 1 }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const node = job.nodes[index];
  return (
    <div className="cal-review-stop" data-testid={`details-${node.nodeType}`}>
      <h3>{intl.formatMessage(STOP_MESSAGES[node.nodeType])}</h3>
      <dl className="cal-facts">
        <div>
          <dt>{intl.formatMessage({ id: 'privateJob.field.place' })}</dt>
          <dd>{`${node.place.town} ${node.place.postcode}`}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'privateJob.field.window' })}</dt>
          <dd data-testid={`details-${node.nodeType}-window`}>
            {intl.formatMessage(
              { id: 'privateJob.window' },
              {
                date: fmt.date(node.timeWindowStart),
                from: fmt.time(node.timeWindowStart),
                to: fmt.time(node.timeWindowEnd),
              },
            )}
          </dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'privateJob.field.onSite' })}</dt>
          <dd>{formatDuration(node.durationOnSiteInSeconds, fmt.locale)}</dd>
        </div>
      </dl>
    </div>
  );
}

function PrivateJobDetails({ uuid, onClose }: { uuid: string; onClose(saved: boolean): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const actor = useActorRef(privateJobDetailsMachine, { inspect, input: { uuid } });
  const job = useSelector(actor, detailsJob);
  const loading = useSelector(actor, isDetailsLoading);
  const failed = useSelector(actor, hasDetailsFailed);
  const confirming = useSelector(actor, isConfirmingDelete);
  const deleting = useSelector(actor, isDeleting);
  const failure = useSelector(actor, (s) => s.context.failure);
  const editor = useSelector(actor, editorOf);
  const outcome = useSelector(actor, detailsOutcome);
  useEffect(() => {
    if (outcome !== 'open') onClose(outcome === 'changed');
  }, [outcome, onClose]);

  if (editor) return <PrivateJobSteps actor={editor} title={t('privateJob.edit.title')} />;

  const close = () => actor.send({ type: 'details.closed' });
  const title = job
    ? (job.title ?? `${job.nodes[0].place.town} → ${job.nodes[1].place.town}`)
    : t('privateJob.details.title');
  const notFound = failure?.kind === 'refused';
  const actions = confirming ? (
    <>
      <Button
        className="button button-secondary"
        isDisabled={deleting}
        onPress={() => actor.send({ type: 'details.delete.cancelled' })}
      >
        {t('privateJob.delete.keep')}
      </Button>
      <Button
        className="button button-danger"
        isDisabled={deleting}
        data-testid="private-job-delete-confirm"
        onPress={() => actor.send({ type: 'details.delete.confirmed' })}
      >
        {deleting ? t('privateJob.deleting') : t('privateJob.delete.confirm')}
      </Button>
    </>
  ) : (
    <>
      {failed && !notFound ? (
        <Button className="button button-secondary" onPress={() => actor.send({ type: 'details.retried' })}>
          {t('app.retry')}
        </Button>
      ) : null}
      {job ? (
        <>
          <Button
            className="button button-secondary"
            data-testid="private-job-delete"
            onPress={() => actor.send({ type: 'details.delete.requested' })}
          >
            {t('privateJob.delete')}
          </Button>
          <Button
            className="button button-secondary"
            data-testid="private-job-edit"
            onPress={() => actor.send({ type: 'details.edit.started' })}
          >
            {t('privateJob.edit')}
          </Button>
        </>
      ) : null}
      <Button className="button" onPress={close}>
        {t('privateJob.close')}
      </Button>
    </>
  );

  return (
    <ReservationDialog
      testId="private-job-details"
      title={title}
      busy={deleting}
      failed={false}
      onDismiss={close}
      actions={actions}
    >
      {loading ? <PageLoading /> : null}
      {failed ? (
        <p className="alert alert-danger" role="alert">
          {notFound
            ? t('privateJob.notFound')
            : failureText(intl, { kind: failure!.kind, message: failure!.message ?? '' })}
        </p>
      ) : null}
      {job ? <JobFacts job={job} /> : null}
      {confirming ? (
        <div className="alert alert-warning" role="alert" data-testid="private-job-delete-question">
          <p>{t('privateJob.delete.question')}</p>
          {failure ? <p>{failureText(intl, { kind: failure.kind, message: failure.message ?? '' })}</p> : null}
        </div>
      ) : null}
    </ReservationDialog>
  );
}

function JobFacts({ job }: { job: PrivateJob }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <div className="cal-review" data-testid="private-job-facts">
      <p className="muted">{t('workCalendar.kind.private')}</p>
      <StopFacts job={job} index={0} />
      <StopFacts job={job} index={1} />
      <dl className="cal-facts">
        <div>
          <dt>{t('privateJob.field.volume')}</dt>
          <dd data-testid="details-volume">{t('privateJob.cubicMetres', { value: job.volumeInM3 })}</dd>
        </div>
        <div>
          <dt>{t('privateJob.field.vehicle')}</dt>
          <dd>{job.vehicle ? job.vehicle.registration : t('privateJob.noVehicle')}</dd>
        </div>
        <div>
          <dt>{t('privateJob.field.driver')}</dt>
          <dd>{job.driver ? job.driver.full_name : t('privateJob.noDriver')}</dd>
        </div>
      </dl>
    </div>
  );
}
