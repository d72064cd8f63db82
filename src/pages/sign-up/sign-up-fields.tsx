import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { signUpMachine } from '@/machines/sign-up/sign-up.machine';
import { fieldState, formValues, passwordChecks } from '@/machines/sign-up/sign-up.selectors';
import type { SignUpTextField } from '@/machines/sign-up/sign-up.types';
import {
  INSURANCE_MINIMUMS_GBP,
  isBusiness,
  OPERATING_RADII_MI,
  WEEK_DAYS,
  type InsuranceKind,
  type SignUpField,
  type SignUpStep,
  type WeekDay,
} from '@/schemas/sign-up';
import { VEHICLE_TYPES } from '@/schemas/vehicle';
import { FormCheckbox, FormTextField } from '@/src/forms/form-field';
import { FormSelectField } from '@/src/forms/form-select-field';
import { validationMessage } from '@/src/forms/validation-message';

/**
 * The five steps' fields (spec §2), each a view of the sign-up machine: values, rule errors once touched, and the
 * server's texts come from its snapshot; typing and leaving a field are events. Nothing here validates.
 */

type SignUpActor = ActorRefFrom<typeof signUpMachine>;

function TextField({
  actor,
  name,
  type,
  inputMode,
  autoComplete,
  description,
}: {
  actor: SignUpActor;
  name: SignUpTextField;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date';
  inputMode?: 'text' | 'decimal' | 'numeric' | 'tel' | 'email';
  autoComplete?: string;
  description?: ReactNode;
}) {
  const value = useSelector(actor, (s) => s.context.values[name]);
  const state = useSelector(actor, (s) => fieldState(s, name), sameFieldState);
  return (
    <FormTextField
      name={name}
      value={value}
      type={type ?? 'text'}
      inputMode={inputMode}
      autoComplete={autoComplete}
      description={description}
      isRequired
      error={state.error}
      touched={state.touched}
      serverMessages={state.serverMessages}
      onChange={(v) => actor.send({ type: 'signUp.field.changed', field: name, value: v })}
      onBlur={() => actor.send({ type: 'signUp.field.blurred', field: name })}
    />
  );
}

const sameFieldState = (a: ReturnType<typeof fieldState>, b: ReturnType<typeof fieldState>) =>
  a.error === b.error && a.touched === b.touched && a.serverMessages === b.serverMessages;

function SelectField({
  actor,
  name,
  options,
}: {
  actor: SignUpActor;
  name: SignUpTextField;
  options: readonly { id: string; label: string }[];
}) {
  const intl = useIntl();
  const value = useSelector(actor, (s) => s.context.values[name]);
  const state = useSelector(actor, (s) => fieldState(s, name), sameFieldState);
  return (
    <FormSelectField
      name={name}
      value={value}
      options={options}
      placeholder={intl.formatMessage({ id: 'signUp.choose' })}
      isRequired
      error={state.error}
      touched={state.touched}
      serverMessages={state.serverMessages}
      onChange={(v) => {
        actor.send({ type: 'signUp.field.changed', field: name, value: v });
        actor.send({ type: 'signUp.field.blurred', field: name });
      }}
    />
  );
}

/** The message a group (the days) shows: its rule error once touched, else the server's first text. */
function GroupMessage({ actor, name }: { actor: SignUpActor; name: SignUpField }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => fieldState(s, name), sameFieldState);
  const message =
    state.touched && state.error ? validationMessage(intl, name, state.error) : (state.serverMessages?.[0] ?? null);
  return message ? (
    <p className="field-error" role="alert" id={`${name}-error`}>
      {message}
    </p>
  ) : null;
}

function LoginStep({ actor }: { actor: SignUpActor }) {
  const checks = useSelector(
    actor,
    passwordChecks,
    (a, b) => a.length === b.length && a.letters === b.letters && a.numbers === b.numbers,
  );
  const item = (met: boolean, id: string) => (
    <li className={met ? 'is-met' : undefined}>
      <span aria-hidden="true">{met ? '✓' : '•'}</span> <FormattedMessage id={id} />
      <span className="visually-hidden">
        <FormattedMessage id={met ? 'signUp.password.met' : 'signUp.password.notMet'} />
      </span>
    </li>
  );
  return (
    <>
      <TextField actor={actor} name="email" type="email" inputMode="email" autoComplete="email" />
      <TextField
        actor={actor}
        name="password"
        type="password"
        autoComplete="new-password"
        description={
          <>
            <FormattedMessage id="signUp.password.hint" />
            <ul className="password-rules" aria-live="polite">
              {item(checks.length, 'signUp.password.length')}
              {item(checks.letters, 'signUp.password.letters')}
              {item(checks.numbers, 'signUp.password.numbers')}
            </ul>
          </>
        }
      />
      <TextField actor={actor} name="password_confirmation" type="password" autoComplete="new-password" />
    </>
  );
}

function DetailsStep({ actor }: { actor: SignUpActor }) {
  const intl = useIntl();
  const business = useSelector(actor, (s) => isBusiness(s.context.values.account_type));
  return (
    <>
      <TextField actor={actor} name="full_name" autoComplete="name" />
      <TextField actor={actor} name="phone" type="tel" inputMode="tel" autoComplete="tel" />
      <SelectField
        actor={actor}
        name="account_type"
        options={(['individual', 'business', 'business_pro'] as const).map((id) => ({
          id,
          label: intl.formatMessage({ id: `signUp.accountType.${id}` }),
        }))}
      />
      {business ? (
        <div className="sign-up-pair">
          <TextField actor={actor} name="company_name" autoComplete="organization" />
          <TextField
            actor={actor}
            name="company_number"
            description={<FormattedMessage id="signUp.companyNumber.hint" />}
          />
        </div>
      ) : null}
      <TextField actor={actor} name="address_line_1" autoComplete="address-line1" />
      <TextField actor={actor} name="postcode" autoComplete="postal-code" />
    </>
  );
}

function VehicleStep({ actor }: { actor: SignUpActor }) {
  const intl = useIntl();
  const days = useSelector(actor, (s) => formValues(s).days_available);
  const toggle = (day: WeekDay, on: boolean) => {
    const next = WEEK_DAYS.filter((d) => (d === day ? on : days.includes(d)));
    actor.send({ type: 'signUp.field.changed', field: 'days_available', value: next });
    actor.send({ type: 'signUp.field.blurred', field: 'days_available' });
  };
  return (
    <>
      <SelectField
        actor={actor}
        name="vehicle_type"
        options={VEHICLE_TYPES.map((id) => ({ id, label: intl.formatMessage({ id: `signUp.vehicleType.${id}` }) }))}
      />
      <div className="sign-up-pair">
        <TextField actor={actor} name="registration_number" />
        <TextField actor={actor} name="seats" inputMode="numeric" />
      </div>
      <div className="sign-up-pair">
        <TextField actor={actor} name="make" />
        <TextField actor={actor} name="model" />
      </div>
      <div className="sign-up-pair">
        <TextField actor={actor} name="loading_capacity_m3" inputMode="decimal" />
        <TextField actor={actor} name="total_payload_kg" inputMode="numeric" />
      </div>
      <SelectField
        actor={actor}
        name="operating_radius_mi"
        options={OPERATING_RADII_MI.map((miles) => ({
          id: String(miles),
          label: intl.formatMessage({ id: 'signUp.radius.option' }, { miles }),
        }))}
      />
      <fieldset className="sign-up-days" aria-describedby="days_available-error">
        <legend>{intl.formatMessage({ id: 'fields.days_available' })}</legend>
        <div className="sign-up-days-list">
          {WEEK_DAYS.map((day) => (
            <FormCheckbox
              key={day}
              name={`day_${day}`}
              label={intl.formatMessage({ id: `signUp.day.${day}` })}
              checked={days.includes(day)}
              onChange={(on) => toggle(day, on)}
            />
          ))}
        </div>
        <GroupMessage actor={actor} name="days_available" />
      </fieldset>
    </>
  );
}

function CoverFields({ actor, kind }: { actor: SignUpActor; kind: InsuranceKind }) {
  const intl = useIntl();
  const minimum = intl.formatNumber(INSURANCE_MINIMUMS_GBP[kind], {
    style: 'currency',
    currency: 'GBP',
    maximumFractionDigits: 0,
  });
  return (
    <fieldset className="sign-up-cover">
      <legend>{intl.formatMessage({ id: `signUp.cover.${kind}` })}</legend>
      <div className="sign-up-pair">
        <TextField
          actor={actor}
          name={`${kind}_cover`}
          inputMode="numeric"
          description={<FormattedMessage id="signUp.cover.minimum" values={{ amount: minimum }} />}
        />
        <TextField actor={actor} name={`${kind}_expiry`} type="date" />
      </div>
    </fieldset>
  );
}

function InsuranceStep({ actor }: { actor: SignUpActor }) {
  const international = useSelector(actor, (s) => s.context.values.international_work);
  return (
    <>
      <p className="muted">
        <FormattedMessage id="signUp.insurance.intro" />
      </p>
      <CoverFields actor={actor} kind="third_party" />
      <CoverFields actor={actor} kind="goods_in_transit" />
      <CoverFields actor={actor} kind="vehicle" />
      <FormCheckbox
        name="international_work"
        checked={international}
        description={<FormattedMessage id="signUp.international.hint" />}
        onChange={(on) => actor.send({ type: 'signUp.field.changed', field: 'international_work', value: on })}
      />
      {international ? <CoverFields actor={actor} kind="cmr" /> : null}
    </>
  );
}

function IdentityStep({ actor }: { actor: SignUpActor }) {
  return (
    <>
      <TextField actor={actor} name="date_of_birth" type="date" autoComplete="bday" />
      <TextField
        actor={actor}
        name="driving_licence_number"
        description={<FormattedMessage id="signUp.licence.hint" />}
      />
    </>
  );
}

const STEP_VIEWS: Readonly<Record<SignUpStep, (props: { actor: SignUpActor }) => ReactNode>> = {
  login: LoginStep,
  details: DetailsStep,
  vehicle: VehicleStep,
  insurance: InsuranceStep,
  identity: IdentityStep,
};

export function StepFields({ actor, step }: { actor: SignUpActor; step: SignUpStep }) {
  const View = STEP_VIEWS[step];
  return <View actor={actor} />;
}
