import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { JourneyVehicle } from '@/schemas/journey';
import type { ProviderDriver } from '@/schemas/driver';
import { VEHICLE_INELIGIBLE } from './journey-labels';
import { RadioChoices } from '@/src/forms/radio-choices';
import { SelectControl } from '@/src/forms/select-control';
import './journey-fields.css';

/**
 * The choices of the journey panels: the vehicle (the shared radio group, each van with its size and whether it may
 * carry this load) and the driver (the browser's select, as the shared FormSelectField). Props in, markup out.
 */

export function VehicleChoice({
  vehicles,
  value,
  invalid,
  isDisabled,
  label,
  onChange,
}: {
  vehicles: readonly JourneyVehicle[];
  value: number | null;
  invalid: boolean;
  isDisabled?: boolean;
  label: string;
  onChange: (id: number) => void;
}) {
  const intl = useIntl();
  if (vehicles.length === 0)
    return <p className="alert alert-info">{intl.formatMessage({ id: 'journey.vehicle.none' })}</p>;
  return (
    <RadioChoices
      className="journey-field journey-choices"
      name="vehicle"
      legend={label}
      legendClassName="journey-field-label"
      choiceClassName="journey-choice"
      value={value === null ? null : String(value)}
      onChange={(key) => onChange(Number(key))}
      disabled={isDisabled}
      messages={invalid ? [intl.formatMessage({ id: 'journey.vehicle.required' })] : []}
      choices={vehicles.map((vehicle) => ({
        value: String(vehicle.id),
        disabled: !vehicle.eligible,
        data: { 'data-registration': vehicle.registration_number },
        label: (
          <>
            <span className="journey-choice-main">
              <b>{vehicle.registration_number}</b> {vehicle.make} {vehicle.model}
            </span>
            <span className="journey-choice-detail">
              {intl.formatMessage({ id: 'journey.vehicle.capacity' }, { volume: vehicle.loading_capacity_m3 })}
              {vehicle.ineligible_reason
                ? ` · ${intl.formatMessage(VEHICLE_INELIGIBLE[vehicle.ineligible_reason])}`
                : ''}
            </span>
          </>
        ),
      }))}
    />
  );
}

export function DriverChoice({
  drivers,
  value,
  invalid,
  isDisabled,
  label,
  onChange,
}: {
  drivers: readonly ProviderDriver[];
  value: number | null;
  invalid: boolean;
  isDisabled?: boolean;
  label: string;
  onChange: (id: number) => void;
}) {
  const intl = useIntl();
  const id = useId();
  if (drivers.length === 0)
    return <p className="alert alert-info">{intl.formatMessage({ id: 'journey.driver.none' })}</p>;
  return (
    <div className="journey-field">
      <label htmlFor={id} className="journey-field-label">
        {label}
      </label>
      <SelectControl
        id={id}
        name="driver"
        value={value === null ? '' : String(value)}
        options={drivers.map((driver) => ({ id: String(driver.id), label: driver.full_name }))}
        placeholder={intl.formatMessage({ id: 'journey.driver.placeholder' })}
        onChange={(chosen) => onChange(Number(chosen))}
        stateClass={invalid ? 'is-invalid' : undefined}
        invalid={invalid}
        describedBy={`${id}-help${invalid ? ` ${id}-error` : ''}`}
        isDisabled={isDisabled}
      />
      <p id={`${id}-help`} className="field-description">
        {intl.formatMessage({ id: 'journey.driver.help' })}
      </p>
      {/* spec §5 */}
      {invalid ? (
        <p id={`${id}-error`} className="field-error">
          {intl.formatMessage({ id: 'journey.driver.required' })}
        </p>
      ) : null}
    </div>
  );
}
