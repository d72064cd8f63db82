import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { FailureKind } from '@/src/api/errors';
import { failureText } from '@/src/format/failure-text';
import { ReservationDialog } from '@/src/pages/reservations/reservation-dialog';

/**
 * The frame of the fleet's add and edit forms (vehicles and drivers, issue 8): a dialogue with Cancel and Save, a
 * form that Enter submits, an optional note, and the save's failure above the fields. A refusal that named fields
 * says "check the fields" (their messages stand under them); any other failure says what went wrong.
 */
export function FleetFormDialog({
  thing,
  title,
  saving,
  failure,
  labels,
  note,
  onCancel,
  onSubmit,
  children,
}: {
  /** What the form saves: the test ids are `{thing}-form`, `{thing}-save` and `{thing}-form-failure`. */
  readonly thing: 'vehicle' | 'driver';
  readonly title: string;
  readonly saving: boolean;
  readonly failure: { readonly kind: FailureKind; readonly message: string | null } | null;
  readonly labels: { readonly cancel: string; readonly save: string; readonly saving: string };
  readonly note?: ReactNode;
  onCancel(): void;
  onSubmit(): void;
  readonly children: ReactNode;
}) {
  const intl = useIntl();
  const failureWords =
    failure === null
      ? null
      : failure.kind === 'refused' && failure.message === null
        ? intl.formatMessage({ id: 'vehicles.form.checkFields' })
        : failureText(intl, { kind: failure.kind, message: failure.message ?? '' });
  return (
    <ReservationDialog
      testId={`${thing}-form`}
      title={title}
      busy={saving}
      failed={false}
      onDismiss={onCancel}
      actions={
        <>
          <Button className="button button-secondary" isDisabled={saving} onPress={onCancel}>
            {labels.cancel}
          </Button>
          <Button className="button" isDisabled={saving} data-testid={`${thing}-save`} onPress={onSubmit}>
            {saving ? labels.saving : labels.save}
          </Button>
        </>
      }
    >
      <form
        className="fleet-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {note}
        {failureWords ? (
          <p className="alert alert-danger" role="alert" data-testid={`${thing}-form-failure`}>
            {failureWords}
          </p>
        ) : null}
        {children}
        {/* Enter in a field submits, as the button does. */}
        <button type="submit" hidden />
      </form>
    </ReservationDialog>
  );
}
