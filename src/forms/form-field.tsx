import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  Button,
  Checkbox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
  TextField,
} from 'react-aria-components';
import type { FieldError as RuleError } from '@/machines/forms/form-rules';
import { fieldLabel, validationMessage } from './validation-message';
import './form-field.css';

/**
 * The portal's form fields on the generic message scheme of spec §5: the label from `fields.{name}` (unless given),
 * a refused field's words from `validation.{name}.{rule}` then `validation.{rule}`, and the input marked `is-valid`
 * or `is-invalid` once the field was touched. A field shows a rule error (from the machine's `errors`) first, else
 * the server's first text for it. Props in, markup out: the machine decides what is wrong and when.
 */
interface FieldProps {
  /** The field's name: its label id `fields.{name}` and its message ids `validation.{name}.{rule}`. */
  readonly name: string;
  /** A label other than `fields.{name}`. */
  readonly label?: string;
  /** The rule the machine found broken, shown once the field was touched. */
  readonly error?: RuleError | undefined;
  /** The server's texts for this field (a 422's `errors[name]`); the first is shown. */
  readonly serverMessages?: readonly string[] | undefined;
  /** The user left the field or tried to submit: its state shows. */
  readonly touched?: boolean;
  readonly description?: ReactNode;
  readonly isDisabled?: boolean;
}

/** What a field shows: its message (or null) and the class of its control. */
function useFieldState(props: FieldProps) {
  const intl = useIntl();
  const message =
    props.touched && props.error
      ? validationMessage(intl, props.name, props.error)
      : (props.serverMessages?.[0] ?? null);
  const stateClass = message ? 'is-invalid' : props.touched ? 'is-valid' : undefined;
  return { message, stateClass, label: props.label ?? fieldLabel(intl, props.name) };
}

function Description({ children }: { children: ReactNode }) {
  return children ? (
    <Text slot="description" className="field-description">
      {children}
    </Text>
  ) : null;
}

export function FormTextField(
  props: FieldProps & {
    readonly value: string;
    onChange(value: string): void;
    onBlur?(): void;
    readonly type?: 'text' | 'email' | 'password' | 'tel' | 'date' | 'number';
    readonly inputMode?: 'text' | 'decimal' | 'numeric' | 'tel' | 'email';
    readonly autoComplete?: string;
    readonly isRequired?: boolean;
  },
) {
  const { message, stateClass, label } = useFieldState(props);
  return (
    <TextField
      className="field form-field"
      data-field={props.name}
      name={props.name}
      type={props.type ?? 'text'}
      value={props.value}
      onChange={props.onChange}
      onBlur={props.onBlur}
      isInvalid={message !== null}
      isRequired={props.isRequired}
      isDisabled={props.isDisabled}
      validationBehavior="aria"
      inputMode={props.inputMode}
      autoComplete={props.autoComplete ?? 'off'}
    >
      <Label>{label}</Label>
      <Input className={stateClass} />
      <Description>{props.description}</Description>
      <FieldError className="field-error">{message}</FieldError>
    </TextField>
  );
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

export function FormCheckbox(
  props: FieldProps & {
    readonly checked: boolean;
    onChange(checked: boolean): void;
  },
) {
  const { message, stateClass, label } = useFieldState(props);
  return (
    <div className="field form-field form-checkbox-field" data-field={props.name}>
      <Checkbox
        className={`form-checkbox${stateClass ? ` ${stateClass}` : ''}`}
        name={props.name}
        isSelected={props.checked}
        onChange={props.onChange}
        isInvalid={message !== null}
        isDisabled={props.isDisabled}
        validationBehavior="aria"
      >
        <span className="form-checkbox-box" aria-hidden="true" />
        <span className="form-checkbox-label">{label}</span>
      </Checkbox>
      {props.description ? <p className="field-description">{props.description}</p> : null}
      {message ? (
        <p className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
