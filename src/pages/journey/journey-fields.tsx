import { useId } from 'react';
import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { JourneyVehicle } from '@/schemas/journey';
import type { ProviderDriver } from '@/schemas/driver';
import { VEHICLE_INELIGIBLE } from './journey-labels';
import { SelectControl } from '@/src/forms/select-control';
import './journey-fields.css';

/**
 * The choices of the journey panels: the vehicle (React Aria's radio group, each van with its size and whether it may
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
    <RadioGroup
      className="journey-field journey-choices"
      value={value === null ? null : String(value)}
      onChange={(key) => onChange(Number(key))}
      isInvalid={invalid}
      isDisabled={isDisabled ?? false}
      validationBehavior="aria"
      name="vehicle"
    >
      <Label className="journey-field-label">{label}</Label>
      {vehicles.map((vehicle) => (
        <Radio
          key={vehicle.id}
          value={String(vehicle.id)}
          isDisabled={!vehicle.eligible}
          className="journey-choice"
          data-registration={vehicle.registration_number}
        >
          <span className="journey-choice-main">
            <b>{vehicle.registration_number}</b> {vehicle.make} {vehicle.model}
          </span>
          <span className="journey-choice-detail">
            {intl.formatMessage({ id: 'journey.vehicle.capacity' }, { volume: vehicle.loading_capacity_m3 })}
            {vehicle.ineligible_reason ? ` · ${intl.formatMessage(VEHICLE_INELIGIBLE[vehicle.ineligible_reason])}` : ''}
          </span>
        </Radio>
      ))}
      <FieldError className="field-error">{intl.formatMessage({ id: 'journey.vehicle.required' })}</FieldError>
    </RadioGroup>
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
    <div className="journey-field journey-select">
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
