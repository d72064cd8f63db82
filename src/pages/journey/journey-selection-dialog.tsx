import { useSelector } from '@xstate/react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import {
  areVehiclesLoading,
  chosenVehicle,
  haveVehiclesFailed,
  isSending,
  isUnanswered,
  isVehicleMissing,
  vehiclesOf,
} from '@/machines/journey-selection/journey-selection.selectors';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import { VehicleChoice } from './journey-fields';
import { JourneyDialog } from './journey-dialog';
import type { JourneySelectionActor } from './journey-selection-bar';

/** "Express interest in N journeys": the vehicle for all of them, then one request. */
export default function SelectionDialog({ selection, count }: { selection: JourneySelectionActor; count: number }) {
  const intl = useIntl();
  const loading = useSelector(selection, areVehiclesLoading);
  const failed = useSelector(selection, haveVehiclesFailed);
  const sending = useSelector(selection, isSending);
  const unanswered = useSelector(selection, isUnanswered);
  const vehicles = useSelector(selection, vehiclesOf);
  const vehicleId = useSelector(selection, chosenVehicle);
  const missing = useSelector(selection, isVehicleMissing);
  const cancel = () => selection.send({ type: 'interest.cancelled' });
  return (
    <JourneyDialog
      testId="journey-selection-dialog"
      title={intl.formatMessage({ id: 'journeySelection.dialogTitle' }, { count })}
      sending={sending}
      onCancel={cancel}
    >
      <p className="muted">{intl.formatMessage({ id: 'journeySelection.dialogBody' })}</p>
      {loading ? (
        <p className="muted" role="status">
          {intl.formatMessage({ id: 'journey.offer.loading' })}
        </p>
      ) : failed ? (
        <div className="alert alert-danger" role="alert">
          <p>{intl.formatMessage({ id: 'journey.offer.failed' })}</p>
          <Button className="button" onPress={() => selection.send({ type: 'vehicles.retried' })}>
            {intl.formatMessage({ id: 'app.retry' })}
          </Button>
        </div>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            selection.send({ type: 'interest.confirmed' });
          }}
          noValidate
        >
          <VehicleChoice
            vehicles={vehicles}
            value={vehicleId}
            invalid={missing}
            isDisabled={sending}
            label={intl.formatMessage({ id: 'journey.vehicle.label' })}
            onChange={(id) => selection.send({ type: 'vehicle.chosen', id: id as ProviderVehicleId })}
          />
          {unanswered ? (
            <p className="alert alert-danger" role="alert">
              {intl.formatMessage({ id: 'journey.offer.unanswered' })}
            </p>
          ) : null}
          <div className="journey-dialog-actions">
            <Button className="button button-secondary" onPress={cancel} isDisabled={sending}>
              {intl.formatMessage({ id: 'journeySelection.cancel' })}
            </Button>
            <Button type="submit" className="button" isPending={sending} data-testid="journey-selection-confirm">
              {intl.formatMessage({ id: 'journeySelection.confirm' }, { count })}
            </Button>
          </div>
        </form>
      )}
      {loading || failed ? (
        <div className="journey-dialog-actions">
          <Button className="button button-secondary" onPress={cancel}>
            {intl.formatMessage({ id: 'journeySelection.cancel' })}
          </Button>
        </div>
      ) : null}
    </JourneyDialog>
  );
}
