import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { FleetDriver } from '@/schemas/fleet';
import type { ProviderVehicle } from '@/schemas/vehicle';
import { FormSelectField } from '@/src/forms/form-select-field';
import { ReservationDialog } from '@/src/pages/reservations/reservation-dialog';

export interface DriverAssignDialogProps {
  readonly driver: FleetDriver;
  /** The approved vehicles, each with whoever drives it now. */
  readonly assignable: readonly { readonly vehicle: ProviderVehicle; readonly driver: FleetDriver | null }[];
  /** The vehicle id chosen so far ('' for none). */
  readonly chosen: string;
  /** The partner tried to assign without choosing: say the vehicle is required. */
  readonly showRequired: boolean;
  readonly busy: boolean;
  onChoose(vehicleId: string): void;
  onCancel(): void;
  onSubmit(): void;
}

/**
 * Assign a vehicle to a driver (spec §4 "Driver and vehicle: can be assigned"): the approved vehicles, each saying who
 * drives it now. A module of its own so that the drivers page loads it, and React Aria's modal with it, when the
 * dialogue first opens. Props in, markup out.
 */
export default function DriverAssignDialog({
  driver,
  assignable,
  chosen,
  showRequired,
  busy,
  onChoose,
  onCancel,
  onSubmit,
}: DriverAssignDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <ReservationDialog
      testId="driver-assign"
      title={t('drivers.assignDialog.title', { name: driver.full_name })}
      busy={busy}
      failed={false}
      onDismiss={onCancel}
      actions={
        <>
          <Button className="button button-secondary" isDisabled={busy} onPress={onCancel}>
            {t('drivers.cancel')}
          </Button>
          <Button
            className="button"
            isDisabled={busy || assignable.length === 0}
            data-testid="driver-assign-confirm"
            onPress={onSubmit}
          >
            {busy ? t('drivers.assignDialog.sending') : t('drivers.assignDialog.confirm')}
          </Button>
        </>
      }
    >
      <p className="muted">{t('drivers.assignDialog.help')}</p>
      {assignable.length === 0 ? (
        <p className="alert alert-info">{t('drivers.assignDialog.none')}</p>
      ) : (
        <FormSelectField
          name="vehicle_id"
          value={chosen}
          placeholder={t('vehicles.form.choose')}
          options={assignable.map(({ vehicle, driver: drivenBy }) => {
            const label = `${vehicle.registration_number} · ${vehicle.make} ${vehicle.model}`;
            return {
              id: String(vehicle.id),
              label:
                drivenBy && drivenBy.id !== driver.id
                  ? t('drivers.assignDialog.drivenBy', { vehicle: label, name: drivenBy.full_name })
                  : label,
            };
          })}
          onChange={onChoose}
          error={showRequired ? { rule: 'required' } : undefined}
          touched={showRequired}
          isDisabled={busy}
        />
      )}
    </ReservationDialog>
  );
}
