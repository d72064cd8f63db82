import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { driverFormMachine } from '@/machines/drivers/driver-form.machine';
import {
  driverFieldState,
  driverFormValues,
  driverSaveFailure,
  isDriverSaving,
} from '@/machines/drivers/driver-form.selectors';
import type { DriverField } from '@/machines/drivers/driver-form.types';
import type { FleetDriver } from '@/schemas/fleet';
import type { ProviderVehicle } from '@/schemas/vehicle';
import { inspect } from '@/src/app/inspection';
import { FormCheckbox, FormTextField } from '@/src/forms/form-field';
import { FormSelectField } from '@/src/forms/form-select-field';
import { FleetFormDialog } from '@/src/pages/vehicles/fleet-form-dialog';

const NONE = 'none';

/**
 * Add or invite a driver (issue 8): a view of driver-form.machine.ts on the shared form scheme. The vehicle choice
 * lists the approved vehicles nobody drives; a refused save keeps what was typed and shows the server's messages
 * under their fields. Closes with the added driver, or null when cancelled.
 */
export default function DriverFormDialog({
  vehicles,
  onClose,
}: {
  /** The approved vehicles without a driver. */
  readonly vehicles: readonly ProviderVehicle[];
  onClose(saved: FleetDriver | null): void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const actor = useActorRef(driverFormMachine, { inspect });
  const values = useSelector(actor, driverFormValues);
  const saving = useSelector(actor, isDriverSaving);
  const failure = useSelector(actor, driverSaveFailure);
  const snapshot = useSelector(actor, (s) => s);
  const done = snapshot.status === 'done';
  const saved = snapshot.context.saved;
  useEffect(() => {
    if (done) onClose(saved);
  }, [done, saved, onClose]);

  const change = (field: DriverField, value: string | boolean) => actor.send({ type: 'form.changed', field, value });
  const text = (name: 'full_name' | 'email' | 'phone', type: 'text' | 'email' | 'tel', autoComplete: string) => (
    <FormTextField
      name={name}
      type={type}
      value={values[name]}
      onChange={(value) => change(name, value)}
      onBlur={() => actor.send({ type: 'form.blurred', field: name })}
      autoComplete={autoComplete}
      isRequired
      isDisabled={saving}
      {...driverFieldState(snapshot, name)}
    />
  );
  return (
    <FleetFormDialog
      thing="driver"
      title={t('drivers.form.title')}
      saving={saving}
      failure={failure}
      labels={{ cancel: t('drivers.cancel'), save: t('drivers.form.save'), saving: t('drivers.form.saving') }}
      onCancel={() => actor.send({ type: 'form.cancelled' })}
      onSubmit={() => actor.send({ type: 'form.submitted' })}
    >
      {text('full_name', 'text', 'name')}
      {text('email', 'email', 'email')}
      {text('phone', 'tel', 'tel')}
      <FormSelectField
        name="vehicle_id"
        // 'none' stands for no vehicle: a list option needs a key of its own
        value={values.vehicle_id === '' ? NONE : values.vehicle_id}
        placeholder={t('drivers.form.noVehicle')}
        options={[
          { id: NONE, label: t('drivers.form.noVehicle') },
          ...vehicles.map((v) => ({ id: String(v.id), label: `${v.registration_number} · ${v.make} ${v.model}` })),
        ]}
        onChange={(value) => change('vehicle_id', value === NONE ? '' : value)}
        isDisabled={saving}
        {...driverFieldState(snapshot, 'vehicle_id')}
      />
      <FormCheckbox
        name="invite"
        checked={values.invite}
        onChange={(checked) => change('invite', checked)}
        description={t('drivers.form.inviteHelp')}
        isDisabled={saving}
      />
    </FleetFormDialog>
  );
}
