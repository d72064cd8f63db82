import {
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { JourneyVehicle } from '@/schemas/journey';
import type { ProviderDriver } from '@/schemas/driver';
import { VEHICLE_INELIGIBLE } from './journey-labels';
import './journey-fields.css';

/**
 * The choices of the journey panels, as React Aria fields: the vehicle (a radio group, each van with its size and
 * whether it may carry this load) and the driver (a select). Props in, markup out.
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
  if (drivers.length === 0)
    return <p className="alert alert-info">{intl.formatMessage({ id: 'journey.driver.none' })}</p>;
  return (
    <Select
      className="journey-field journey-select"
      value={value}
      onChange={(key) => {
        if (key !== null) onChange(Number(key));
      }}
      isInvalid={invalid}
      isDisabled={isDisabled ?? false}
      validationBehavior="aria"
      placeholder={intl.formatMessage({ id: 'journey.driver.placeholder' })}
      name="driver"
    >
      <Label className="journey-field-label">{label}</Label>
      <Button className="journey-select-button">
        <SelectValue className="journey-select-value" />
        <span aria-hidden="true" className="journey-select-arrow">
          ▾
        </span>
      </Button>
      <Text slot="description" className="field-description">
        {intl.formatMessage({ id: 'journey.driver.help' })}
      </Text>
      {/* spec §5 */}
      <FieldError className="field-error">{intl.formatMessage({ id: 'journey.driver.required' })}</FieldError>
      <Popover className="menu-popover journey-select-popover">
        <ListBox className="menu" items={drivers}>
          {(driver) => (
            <ListBoxItem id={driver.id} className="menu-item" textValue={driver.full_name}>
              {driver.full_name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
