import type { ReactNode } from 'react';
import {
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components';
import { useFieldState, type FieldProps } from './form-field';

/** The portal's select on the scheme of form-field.tsx: React Aria's Select, a listbox in a popover. */
function Description({ children }: { children: ReactNode }) {
  return children ? (
    <Text slot="description" className="field-description">
      {children}
    </Text>
  ) : null;
}

export interface FormOption {
  readonly id: string;
  readonly label: string;
}

export function FormSelectField(
  props: FieldProps & {
    /** The chosen option's id; '' for none. */
    readonly value: string;
    readonly options: readonly FormOption[];
    onChange(value: string): void;
    readonly placeholder: string;
    readonly isRequired?: boolean;
  },
) {
  const { message, stateClass, label } = useFieldState(props);
  return (
    <Select
      className="field form-field form-select"
      data-field={props.name}
      name={props.name}
      selectedKey={props.value === '' ? null : props.value}
      onSelectionChange={(key) => props.onChange(key === null ? '' : String(key))}
      isInvalid={message !== null}
      isRequired={props.isRequired}
      isDisabled={props.isDisabled}
      validationBehavior="aria"
      placeholder={props.placeholder}
    >
      <Label>{label}</Label>
      <Button className={`form-select-button${stateClass ? ` ${stateClass}` : ''}`}>
        <SelectValue />
        <span aria-hidden="true" className="form-select-chevron">
          ▾
        </span>
      </Button>
      <Description>{props.description}</Description>
      <FieldError className="field-error">{message}</FieldError>
      <Popover className="form-select-popover">
        <ListBox items={props.options}>
          {(option) => (
            <ListBoxItem id={option.id} className="form-select-option" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
