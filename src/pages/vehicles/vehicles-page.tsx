import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { vehiclesMachine } from '@/machines/vehicles/vehicles.machine';
import {
  hasPendingReview,
  isVehiclesLoaded,
  isVehiclesLoading,
  vehicleFormOpen,
  vehicleRemoval,
  vehiclesList,
  vehiclesLoadFailure,
} from '@/machines/vehicles/vehicles.selectors';
import { REVIEW_HOURS } from '@/schemas/fleet';
import type { ProviderVehicle } from '@/schemas/vehicle';
import { lazyDialog } from '@/src/app/lazy-dialog';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { failureText } from '@/src/format/failure-text';
import { LazyReservationDialog } from '@/src/pages/reservations/lazy-reservation-dialog';
import { useFleetNotices } from './fleet-notices';
import { categoryMessage, SIZE_MESSAGES, STATUS_MESSAGES, VEHICLE_TOASTS } from './vehicle-labels';
import './vehicles.css';

/** The add and edit form loads when it first opens, with React Aria's modal: the page's list does not need it. */
const VehicleFormDialog = lazyDialog(() => import('./vehicle-form-dialog'));

type Translate = (id: string, values?: Record<string, string | number>) => string;

/**
 * My vehicles (/vehicles; issue 8, spec §2 "my vehicles", §3 Vehicle): every vehicle of the partner with its colour
 * (spec §9 palette by id), size, capacity, payload, equipment, base and review status; add and edit in a dialogue,
 * remove after a confirmation. A view of vehicles.machine.ts: loading, a load failure with a retry (spec §8), the
 * empty state, and a toast for every outcome.
 */
export default function VehiclesPage() {
  const intl = useIntl();
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  const actor = useActorRef(vehiclesMachine, { inspect });
  useFleetNotices(actor, 'vehicles.notice', VEHICLE_TOASTS);
  const vehicles = useSelector(actor, vehiclesList);
  const loading = useSelector(actor, isVehiclesLoading);
  const loaded = useSelector(actor, isVehiclesLoaded);
  const failure = useSelector(actor, vehiclesLoadFailure);
  const form = useSelector(actor, vehicleFormOpen);
  const removal = useSelector(actor, vehicleRemoval);
  const pending = useSelector(actor, hasPendingReview);
  const closeForm = useCallback(
    (saved: ProviderVehicle | null) =>
      actor.send(saved ? { type: 'vehicle.saved', vehicle: saved } : { type: 'vehicle.formClosed' }),
    [actor],
  );

  return (
    <div className="fleet-page">
      <header className="page-header fleet-header">
        <div>
          <h1>{t('vehicles.title')}</h1>
          <p className="muted">{t('vehicles.intro')}</p>
        </div>
        {loaded ? (
          <Button
            className="button"
            data-testid="vehicle-add"
            onPress={() => actor.send({ type: 'vehicle.addOpened' })}
          >
            {t('vehicles.add')}
          </Button>
        ) : null}
      </header>

      {loading ? <PageLoading /> : null}
      {failure ? (
        <div className="alert alert-danger fleet-load-failed" role="alert" data-testid="vehicles-load-failed">
          <p>{t('vehicles.loadFailed')}</p>
          <p>{failureText(intl, { kind: failure.kind, message: failure.message ?? '' })}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'vehicles.retried' })}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}

      {loaded && pending ? (
        <p className="alert alert-info" data-testid="vehicles-review-note">
          {t('vehicles.reviewNote', { hours: REVIEW_HOURS })}
        </p>
      ) : null}

      {loaded && vehicles.length === 0 ? (
        <section className="fleet-empty" aria-labelledby="vehicles-empty-title" data-testid="vehicles-empty">
          <h2 id="vehicles-empty-title">{t('vehicles.empty.title')}</h2>
          <p>{t('vehicles.empty.text')}</p>
        </section>
      ) : null}

      {loaded && vehicles.length > 0 ? (
        <ul className="fleet-list" aria-label={t('vehicles.listLabel')}>
          {vehicles.map((vehicle) => (
            <li key={vehicle.id}>
              <VehicleCard
                vehicle={vehicle}
                t={t}
                onEdit={() => actor.send({ type: 'vehicle.editOpened', id: vehicle.id })}
                onRemove={() => actor.send({ type: 'vehicle.removeOpened', id: vehicle.id })}
              />
            </li>
          ))}
        </ul>
      ) : null}

      {form ? (
        <VehicleFormDialog vehicle={form.vehicle} onClose={closeForm} onUnavailable={() => closeForm(null)} />
      ) : null}
      {removal?.vehicle ? (
        <LazyReservationDialog
          testId="vehicle-remove"
          title={t('vehicles.removeDialog.title', { registration: removal.vehicle.registration_number })}
          busy={removal.busy}
          failed={false}
          onDismiss={() => actor.send({ type: 'removal.cancelled' })}
          onUnavailable={() => actor.send({ type: 'removal.cancelled' })}
          actions={
            <>
              <Button
                className="button button-secondary"
                isDisabled={removal.busy}
                onPress={() => actor.send({ type: 'removal.cancelled' })}
              >
                {t('vehicles.form.cancel')}
              </Button>
              <Button
                className="button button-danger"
                isDisabled={removal.busy}
                data-testid="vehicle-remove-confirm"
                onPress={() => actor.send({ type: 'removal.confirmed' })}
              >
                {removal.busy ? t('vehicles.removeDialog.removing') : t('vehicles.removeDialog.confirm')}
              </Button>
            </>
          }
        >
          <p>{t('vehicles.removeDialog.text')}</p>
        </LazyReservationDialog>
      ) : null}
    </div>
  );
}

/** One vehicle: colour, plate, status, what it is and carries, where it is based, and its actions. */
function VehicleCard({
  vehicle,
  t,
  onEdit,
  onRemove,
}: {
  vehicle: ProviderVehicle;
  t: Translate;
  onEdit(): void;
  onRemove(): void;
}) {
  const intl = useIntl();
  const titleId = `vehicle-${vehicle.id}`;
  const category = categoryMessage(vehicle.category);
  const features = [
    vehicle.haveTailLift ? t('vehicles.feature.tailLift') : null,
    vehicle.useTrailer ? t('vehicles.feature.trailer') : null,
    vehicle.isBranded ? t('vehicles.feature.branded') : null,
    vehicle.isBrandingRequested ? t('vehicles.feature.brandingRequested') : null,
  ].filter((f): f is string => f !== null);
  const status = vehicle.status.toLowerCase();
  return (
    <article
      className="fleet-card"
      aria-labelledby={titleId}
      data-vehicle-id={vehicle.id}
      data-registration={vehicle.registration_number}
      data-status={vehicle.status}
      style={{ borderLeftColor: vehicle.color }}
    >
      <div className="fleet-card-head">
        <span
          className="fleet-swatch"
          style={{ background: vehicle.color }}
          role="img"
          aria-label={t('vehicles.card.colour', { colour: vehicle.color })}
        />
        <h2 id={titleId} className="fleet-plate">
          {vehicle.registration_number}
        </h2>
        <span className={`fleet-badge fleet-badge-${status}`} data-testid="vehicle-status">
          {intl.formatMessage(STATUS_MESSAGES[vehicle.status])}
        </span>
      </div>
      <p className="fleet-card-name">
        {vehicle.make} {vehicle.model}
      </p>
      <p className="muted">
        {intl.formatMessage(SIZE_MESSAGES[vehicle.type])}
        {' · '}
        {category ? intl.formatMessage(category) : vehicle.category}
      </p>
      <ul className="fleet-facts">
        <li>{t('vehicles.card.capacity', { value: intl.formatNumber(vehicle.loading_capacity_m3) })}</li>
        <li>{t('vehicles.card.payload', { kg: intl.formatNumber(vehicle.totalPayloadKg) })}</li>
        <li>{t('vehicles.card.seats', { count: vehicle.seats })}</li>
      </ul>
      {features.length > 0 ? (
        <ul className="fleet-chips">
          {features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      ) : null}
      <p className="fleet-base">
        {vehicle.place && vehicle.short_postcode
          ? t('vehicles.card.base', { town: vehicle.place.town, postcode: vehicle.short_postcode })
          : t('vehicles.card.noBase')}
      </p>
      {vehicle.status === 'REJECTED' ? <p className="fleet-note">{t('vehicles.rejectedNote')}</p> : null}
      <div className="fleet-actions">
        <Button
          className="button button-secondary"
          aria-label={t('vehicles.editLabel', { registration: vehicle.registration_number })}
          onPress={onEdit}
        >
          {t('vehicles.edit')}
        </Button>
        <Button
          className="button button-secondary"
          aria-label={t('vehicles.removeLabel', { registration: vehicle.registration_number })}
          onPress={onRemove}
        >
          {t('vehicles.remove')}
        </Button>
      </div>
    </article>
  );
}
