import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { driversMachine } from '@/machines/drivers/drivers.machine';
import {
  assignableVehicles,
  assignDialog,
  busyDriverId,
  deactivateDialog,
  driversList,
  driversLoadFailure,
  isDriverFormOpen,
  isDriversLoaded,
  isDriversLoading,
} from '@/machines/drivers/drivers.selectors';
import type { FleetDriver } from '@/schemas/fleet';
import { lazyDialog } from '@/src/app/lazy-dialog';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { useFormatters } from '@/src/app/use-formatters';
import { failureText } from '@/src/format/failure-text';
import { LazyReservationDialog } from '@/src/pages/reservations/lazy-reservation-dialog';
import { useFleetNotices } from '@/src/pages/vehicles/fleet-notices';
import { DRIVER_TOASTS } from './driver-labels';
import '@/src/pages/vehicles/vehicles.css';

/** The add and edit form loads when it first opens, with React Aria's modal: the page's list does not need it. */
const DriverFormDialog = lazyDialog(() => import('./driver-form-dialog'));
/** So does the assign dialogue, with its select of vehicles. */
const DriverAssignDialog = lazyDialog(() => import('./driver-assign-dialog'));

type Translate = (id: string, values?: Record<string, string | number>) => string;

/**
 * My drivers (/drivers, feature flag `drivers`; issue 8, spec §2 "my drivers", §4 "Driver and vehicle: can be
 * assigned, unassigned, deactivated, reactivated", §9 driver colour by user id): each driver with their colour,
 * contact, vehicle and state; add or invite, assign one of the approved vehicles, unassign, deactivate after a
 * confirmation, reactivate. A view of drivers.machine.ts, with a toast for every outcome and a retry when the list
 * cannot be read (spec §8).
 */
export default function DriversPage() {
  const intl = useIntl();
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  const fmt = useFormatters();
  const actor = useActorRef(driversMachine, { inspect });
  useFleetNotices(actor, 'drivers.notice', DRIVER_TOASTS);
  const drivers = useSelector(actor, driversList);
  const loading = useSelector(actor, isDriversLoading);
  const loaded = useSelector(actor, isDriversLoaded);
  const failure = useSelector(actor, driversLoadFailure);
  const formOpen = useSelector(actor, isDriverFormOpen);
  const assignable = useSelector(actor, assignableVehicles);
  const assign = useSelector(actor, assignDialog);
  const deactivate = useSelector(actor, deactivateDialog);
  const busyId = useSelector(actor, busyDriverId);
  const closeForm = useCallback(
    (saved: FleetDriver | null) =>
      actor.send(saved ? { type: 'driver.added', driver: saved } : { type: 'driver.formClosed' }),
    [actor],
  );

  return (
    <div className="fleet-page">
      <header className="page-header fleet-header">
        <div>
          <h1>{t('drivers.title')}</h1>
          <p className="muted">{t('drivers.intro')}</p>
        </div>
        {loaded ? (
          <Button className="button" data-testid="driver-add" onPress={() => actor.send({ type: 'driver.addOpened' })}>
            {t('drivers.add')}
          </Button>
        ) : null}
      </header>

      {loading ? <PageLoading /> : null}
      {failure ? (
        <div className="alert alert-danger fleet-load-failed" role="alert" data-testid="drivers-load-failed">
          <p>{t('drivers.loadFailed')}</p>
          <p>{failureText(intl, { kind: failure.kind, message: failure.message ?? '' })}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'drivers.retried' })}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}

      {loaded && drivers.length === 0 ? (
        <section className="fleet-empty" aria-labelledby="drivers-empty-title" data-testid="drivers-empty">
          <h2 id="drivers-empty-title">{t('drivers.empty.title')}</h2>
          <p>{t('drivers.empty.text')}</p>
        </section>
      ) : null}

      {loaded && drivers.length > 0 ? (
        <ul className="fleet-list" aria-label={t('drivers.listLabel')}>
          {drivers.map((driver) => (
            <li key={driver.id}>
              <article
                className="fleet-card"
                aria-labelledby={`driver-${driver.id}`}
                data-driver-id={driver.id}
                data-driver-name={driver.full_name}
                data-active={driver.active}
                style={{ borderLeftColor: driver.colour }}
                aria-busy={busyId === driver.id}
              >
                <div className="fleet-card-head">
                  <span className="fleet-swatch" style={{ background: driver.colour }} aria-hidden="true" />
                  <h2 id={`driver-${driver.id}`} className="fleet-name">
                    {driver.full_name}
                  </h2>
                  <span
                    className={`fleet-badge fleet-badge-${driver.active ? 'active' : 'deactivated'}`}
                    data-testid="driver-status"
                  >
                    {t(driver.active ? 'drivers.status.active' : 'drivers.status.deactivated')}
                  </span>
                </div>
                <p>
                  <a href={`mailto:${driver.email}`}>{driver.email}</a>
                  {' · '}
                  <a href={`tel:${driver.phone.replace(/\s/g, '')}`}>{driver.phone}</a>
                </p>
                <p className="fleet-card-name" data-testid="driver-vehicle">
                  {driver.vehicle ? (
                    <>
                      <span
                        className="fleet-swatch fleet-swatch-inline"
                        style={{ background: driver.vehicle.color }}
                        aria-hidden="true"
                      />{' '}
                      {t('drivers.vehicle', { registration: driver.vehicle.registration_number })}
                      <span className="muted">
                        {' · '}
                        {driver.vehicle.make} {driver.vehicle.model}
                      </span>
                    </>
                  ) : (
                    <span className="muted">{t('drivers.noVehicle')}</span>
                  )}
                </p>
                {driver.deactivated_at ? (
                  <p className="fleet-note">{t('drivers.deactivatedOn', { date: fmt.date(driver.deactivated_at) })}</p>
                ) : driver.invited_at ? (
                  <p className="fleet-note">{t('drivers.invitedOn', { date: fmt.date(driver.invited_at) })}</p>
                ) : null}
                <div
                  className="fleet-actions"
                  role="group"
                  aria-label={t('drivers.actionsLabel', { name: driver.full_name })}
                >
                  {driver.active ? (
                    <>
                      <Button
                        className="button button-secondary"
                        isDisabled={busyId !== null}
                        onPress={() => actor.send({ type: 'driver.assignOpened', driverId: driver.id })}
                      >
                        {t('drivers.assign')}
                      </Button>
                      {driver.vehicle ? (
                        <Button
                          className="button button-secondary"
                          isDisabled={busyId !== null}
                          onPress={() => actor.send({ type: 'driver.unassigned', driverId: driver.id })}
                        >
                          {t('drivers.unassign')}
                        </Button>
                      ) : null}
                      <Button
                        className="button button-secondary"
                        isDisabled={busyId !== null}
                        onPress={() => actor.send({ type: 'driver.deactivateOpened', driverId: driver.id })}
                      >
                        {t('drivers.deactivate')}
                      </Button>
                    </>
                  ) : (
                    <Button
                      className="button button-secondary"
                      isDisabled={busyId !== null}
                      onPress={() => actor.send({ type: 'driver.reactivated', driverId: driver.id })}
                    >
                      {t('drivers.reactivate')}
                    </Button>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : null}

      {formOpen ? (
        <DriverFormDialog
          vehicles={assignable.filter((a) => a.driver === null).map((a) => a.vehicle)}
          onClose={closeForm}
          onUnavailable={() => closeForm(null)}
        />
      ) : null}

      {assign?.driver ? (
        <DriverAssignDialog
          driver={assign.driver}
          assignable={assignable}
          chosen={assign.chosen}
          showRequired={assign.showRequired}
          busy={assign.busy}
          onChoose={(vehicleId) => actor.send({ type: 'assign.vehicleChosen', vehicleId })}
          onCancel={() => actor.send({ type: 'assign.cancelled' })}
          onSubmit={() => actor.send({ type: 'assign.submitted' })}
          onUnavailable={() => actor.send({ type: 'assign.cancelled' })}
        />
      ) : null}

      {deactivate?.driver ? (
        <LazyReservationDialog
          testId="driver-deactivate"
          title={t('drivers.deactivateDialog.title', { name: deactivate.driver.full_name })}
          busy={deactivate.busy}
          failed={false}
          onDismiss={() => actor.send({ type: 'deactivation.cancelled' })}
          onUnavailable={() => actor.send({ type: 'deactivation.cancelled' })}
          actions={
            <>
              <Button
                className="button button-secondary"
                isDisabled={deactivate.busy}
                onPress={() => actor.send({ type: 'deactivation.cancelled' })}
              >
                {t('drivers.cancel')}
              </Button>
              <Button
                className="button button-danger"
                isDisabled={deactivate.busy}
                data-testid="driver-deactivate-confirm"
                onPress={() => actor.send({ type: 'deactivation.confirmed' })}
              >
                {deactivate.busy ? t('drivers.deactivateDialog.sending') : t('drivers.deactivateDialog.confirm')}
              </Button>
            </>
          }
        >
          <p>{t('drivers.deactivateDialog.text', { name: deactivate.driver.full_name })}</p>
        </LazyReservationDialog>
      ) : null}
    </div>
  );
}
