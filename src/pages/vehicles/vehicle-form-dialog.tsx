import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { vehicleFormMachine } from '@/machines/vehicles/vehicle-form.machine';
import {
  isVehicleSaving,
  vehicleFieldState,
  vehicleFormValues,
  vehicleSaveFailure,
} from '@/machines/vehicles/vehicle-form.selectors';
import type { VehicleField } from '@/machines/vehicles/vehicle-form.types';
import { REVIEW_HOURS, VEHICLE_CATEGORIES } from '@/schemas/fleet';
import { VEHICLE_TYPES, type ProviderVehicle } from '@/schemas/vehicle';
import { inspect } from '@/src/app/inspection';
import { FormCheckbox, FormTextField } from '@/src/forms/form-field';
import { FormSelectField } from '@/src/forms/form-select-field';
import { FleetFormDialog } from './fleet-form-dialog';
import { CATEGORY_MESSAGES, SIZE_MESSAGES } from './vehicle-labels';

type TextField = Exclude<VehicleField, 'haveTailLift' | 'useTrailer' | 'isBranded' | 'isBrandingRequested'>;
type SwitchField = Extract<VehicleField, 'haveTailLift' | 'useTrailer' | 'isBranded' | 'isBrandingRequested'>;
const SWITCHES: readonly SwitchField[] = ['haveTailLift', 'useTrailer', 'isBranded', 'isBrandingRequested'];

/**
 * Add or edit a vehicle (issue 8): a view of vehicle-form.machine.ts on the shared form scheme (labels
 * `fields.{name}`, messages `validation.{name}.{rule}` then `validation.{rule}`, is-valid / is-invalid). A refused
 * save keeps what was typed and shows the server's messages under their fields. Closes with the saved vehicle, or
 * null when cancelled.
 */
export default function VehicleFormDialog({
  vehicle,
  onClose,
}: {
  readonly vehicle: ProviderVehicle | null;
  onClose(saved: ProviderVehicle | null): void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const actor = useActorRef(vehicleFormMachine, { input: { vehicle }, inspect });
  const values = useSelector(actor, vehicleFormValues);
  const saving = useSelector(actor, isVehicleSaving);
  const failure = useSelector(actor, vehicleSaveFailure);
  const snapshot = useSelector(actor, (s) => s);
  const done = snapshot.status === 'done';
  const saved = snapshot.context.saved;
  useEffect(() => {
    if (done) onClose(saved);
  }, [done, saved, onClose]);

  const field = (name: VehicleField) => vehicleFieldState(snapshot, name);
  const text = (name: TextField, extra: Partial<Parameters<typeof FormTextField>[0]> = {}) => (
    <FormTextField
      name={name}
      value={values[name]}
      onChange={(value) => actor.send({ type: 'form.changed', field: name, value })}
      onBlur={() => actor.send({ type: 'form.blurred', field: name })}
      isRequired
      isDisabled={saving}
      {...field(name)}
      {...extra}
    />
  );
  const select = (name: 'category' | 'type', options: { id: string; label: string }[]) => (
    <FormSelectField
      name={name}
      value={values[name]}
      options={options}
      placeholder={t('vehicles.form.choose')}
      onChange={(value) => {
        actor.send({ type: 'form.changed', field: name, value });
        actor.send({ type: 'form.blurred', field: name });
      }}
      isRequired
      isDisabled={saving}
      {...field(name)}
    />
  );
  return (
    <FleetFormDialog
      thing="vehicle"
      title={
        vehicle
          ? t('vehicles.form.editTitle', { registration: vehicle.registration_number })
          : t('vehicles.form.addTitle')
      }
      saving={saving}
      failure={failure}
      labels={{ cancel: t('vehicles.form.cancel'), save: t('vehicles.form.save'), saving: t('vehicles.form.saving') }}
      note={<p className="muted fleet-form-note">{t('vehicles.form.reviewNote', { hours: REVIEW_HOURS })}</p>}
      onCancel={() => actor.send({ type: 'form.cancelled' })}
      onSubmit={() => actor.send({ type: 'form.submitted' })}
    >
      <div className="fleet-form-grid">
        {select(
          'type',
          VEHICLE_TYPES.map((id) => ({ id, label: intl.formatMessage(SIZE_MESSAGES[id]) })),
        )}
        {select(
          'category',
          VEHICLE_CATEGORIES.map((id) => ({ id, label: intl.formatMessage(CATEGORY_MESSAGES[id]) })),
        )}
        {text('make', { autoComplete: 'off' })}
        {text('model')}
        {text('registration_number', { autoComplete: 'off' })}
        {text('seats', { inputMode: 'numeric' })}
        {text('loading_capacity_m3', { inputMode: 'decimal', description: t('vehicles.form.capacityHelp') })}
        {text('totalPayloadKg', { inputMode: 'numeric' })}
        {text('postcode', {
          label: t('vehicles.form.postcode'),
          description: t('vehicles.form.postcodeHelp'),
          autoComplete: 'postal-code',
        })}
      </div>
      <fieldset className="fleet-form-switches">
        <legend>{t('vehicles.form.equipment')}</legend>
        {SWITCHES.map((name) => (
          <FormCheckbox
            key={name}
            name={name}
            checked={values[name]}
            onChange={(checked) => actor.send({ type: 'form.changed', field: name, value: checked })}
            isDisabled={saving}
          />
        ))}
      </fieldset>
    </FleetFormDialog>
  );
}
