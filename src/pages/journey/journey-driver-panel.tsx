import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import {
  areDriversLoading,
  haveDriversFailed,
  isAllocatingDriver,
  isConfirmingDriver,
  isDeallocationOpen,
  isDriverBusy,
  type DriverActorRef,
} from '@/machines/journey-allocation/journey-allocation.selectors';
import type { JourneyResponse } from '@/schemas/journey';
import { type DriverId } from '@/schemas/driver';
import { lazyDialog } from '@/src/app/lazy-dialog';
import { DriverChoice } from './journey-fields';

/** The hand-back dialogue loads when the partner first opens it. */
const HandBackDialog = lazyDialog(() => import('./journey-hand-back-dialog'));

/**
 * The journey the partner holds (spec §4 allocate driver, allocate driver real, deallocate): the driver on it, the
 * list to assign another, confirming the driver who will actually drive, and handing the journey back through a
 * dialogue that needs a reason and shows the charge first. The panel's machine (journeyDriver) decides.
 */
export function JourneyDriverPanel({
  panel,
  view,
  serverNow,
}: {
  panel: DriverActorRef;
  view: JourneyResponse;
  serverNow: number;
}) {
  const intl = useIntl();
  const context = useSelector(panel, (s) => s.context);
  const loading = useSelector(panel, areDriversLoading);
  const failed = useSelector(panel, haveDriversFailed);
  const busy = useSelector(panel, isDriverBusy);
  const allocating = useSelector(panel, isAllocatingDriver);
  const confirming = useSelector(panel, isConfirmingDriver);
  const handingBack = useSelector(panel, isDeallocationOpen);
  const { actions } = context;
  const driver = context.driver;

  return (
    <div className="journey-driver" data-testid="journey-driver">
      <h3 className="journey-subtitle">{intl.formatMessage({ id: 'journey.driver.title' })}</h3>
      {driver ? (
        <p className="journey-driver-current" data-testid="journey-current-driver">
          <b>{driver.full_name}</b>{' '}
          <span className={`journey-badge ${driver.confirmed ? 'journey-badge-ok' : 'journey-badge-wait'}`}>
            {intl.formatMessage({ id: driver.confirmed ? 'journey.driver.confirmed' : 'journey.driver.unconfirmed' })}
          </span>
          <br />
          <a href={`tel:${driver.phone.replace(/\s+/g, '')}`}>{driver.phone}</a>
        </p>
      ) : (
        <p className="muted">{intl.formatMessage({ id: 'journey.driver.noneYet' })}</p>
      )}
      {loading ? (
        <p className="muted" role="status">
          {intl.formatMessage({ id: 'journey.driver.loading' })}
        </p>
      ) : failed ? (
        <div className="alert alert-danger" role="alert">
          <p>{intl.formatMessage({ id: 'journey.driver.failed' })}</p>
          <button type="button" className="button" onClick={() => panel.send({ type: 'drivers.retried' })}>
            {intl.formatMessage({ id: 'app.retry' })}
          </button>
        </div>
      ) : actions.allocate_driver || actions.allocate_driver_real ? (
        <>
          <DriverChoice
            drivers={context.drivers}
            value={context.chosenDriverId}
            invalid={context.driverMissing}
            isDisabled={busy}
            label={intl.formatMessage({ id: 'journey.driver.choose' })}
            onChange={(id) => panel.send({ type: 'driver.chosen', id: id as DriverId })}
          />
          <div className="journey-buttons">
            {actions.allocate_driver ? (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  if (!busy) panel.send({ type: 'driver.allocated' });
                }}
                aria-disabled={allocating || undefined}
                disabled={busy && !allocating}
              >
                {intl.formatMessage({ id: 'journey.driver.assign' })}
              </button>
            ) : null}
            {actions.allocate_driver_real ? (
              <button
                type="button"
                className="button"
                onClick={() => {
                  if (!busy) panel.send({ type: 'driver.confirmed' });
                }}
                aria-disabled={confirming || undefined}
                disabled={busy && !confirming}
              >
                {intl.formatMessage({ id: 'journey.driver.confirm' })}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      {actions.deallocate_driver ? (
        <div className="journey-handback">
          <button
            type="button"
            className="button button-danger button-block"
            onClick={() => panel.send({ type: 'deallocation.started' })}
            disabled={busy}
          >
            {intl.formatMessage({ id: 'journey.handBack.button' })}
          </button>
        </div>
      ) : null}
      {handingBack ? (
        <HandBackDialog
          panel={panel}
          view={view}
          serverNow={serverNow}
          onUnavailable={() => panel.send({ type: 'deallocation.cancelled' })}
        />
      ) : null}
    </div>
  );
}
