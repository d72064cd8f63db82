import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import {
  Button,
  Dialog,
  FieldError,
  Heading,
  Input,
  Label,
  Modal,
  ModalOverlay,
  Radio,
  RadioGroup,
  Text,
  TextField,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import { reservationEdit } from '@/machines/reservations/reservation-edit.machine';
import {
  capacityOf,
  editModeOf,
  hasFailed,
  isBusy,
  isSaving,
  outcomeOf,
  peopleOf,
  previewOf,
  shownIssuesOf,
} from '@/machines/reservations/reservation-edit.selectors';
import type { Reservation } from '@/schemas/reservation';
import { useFormatters } from '@/src/app/use-formatters';
import { ruleMessage } from './reservation-labels';
import { useReservationNotices } from './use-reservation-notices';

export interface EditDialogProps {
  readonly reservation: Reservation;
  onClose(changed: boolean): void;
}

const PEOPLE = ['1', '2', 'flexible'] as const;

/**
 * "Change this reservation" (spec §4 edit): the number of people and the capacity; Check prices the change (nothing
 * stored), then Save applies it now or sends it to the team as a request, as allowed_actions says.
 */
export function EditDialog({ reservation, onClose }: EditDialogProps) {
  const intl = useIntl();
  const fmt = useFormatters();
  const actor = useActorRef(reservationEdit, { input: { reservation } });
  useReservationNotices(actor);
  const mode = useSelector(actor, editModeOf);
  const people = useSelector(actor, peopleOf);
  const capacity = useSelector(actor, capacityOf);
  const issues = useSelector(actor, shownIssuesOf);
  const preview = useSelector(actor, previewOf);
  const busy = useSelector(actor, isBusy);
  const saving = useSelector(actor, isSaving);
  const failed = useSelector(actor, hasFailed);
  const outcome = useSelector(actor, outcomeOf);

  useEffect(() => {
    if (outcome !== 'open') onClose(outcome === 'changed');
  }, [outcome, onClose]);

  const issueOf = (field: 'people' | 'capacity') => issues.find((i) => i.field === field);
  const peopleIssue = issueOf('people');
  const capacityIssue = issueOf('capacity');
  return (
    <ModalOverlay
      className="resv-modal-overlay"
      isOpen
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      onOpenChange={(open) => {
        if (!open && !busy) actor.send({ type: 'edit.dismissed' });
      }}
    >
      <Modal className="resv-modal">
        <Dialog className="resv-dialog" data-testid="edit-dialog">
          <Heading slot="title" className="resv-dialog-title">
            {intl.formatMessage({ id: 'reservations.edit.title' }, { date: fmt.date(reservation.date) })}
          </Heading>
          <p className={mode === 'now' ? 'alert alert-info' : 'alert alert-warning'} data-testid="edit-mode">
            {intl.formatMessage({ id: mode === 'now' ? 'reservations.edit.now' : 'reservations.edit.request' })}
          </p>
          {preview ? (
            <div className="resv-preview" data-testid="edit-preview">
              <p>
                {intl.formatMessage(
                  { id: 'reservations.edit.preview' },
                  {
                    people:
                      preview.people === 'flexible'
                        ? intl.formatMessage({ id: 'reservations.people.flexible' })
                        : intl.formatMessage({ id: 'reservations.people.count' }, { count: preview.people }),
                    capacity: intl.formatMessage({ id: 'reservations.cubicMetres' }, { value: preview.capacity.value }),
                  },
                )}
              </p>
              <p className="resv-price">
                {intl.formatMessage(
                  { id: 'reservations.priceRange' },
                  { min: fmt.money(preview.min_price?.amount), max: fmt.money(preview.max_price?.amount) },
                )}
              </p>
            </div>
          ) : (
            <>
              <RadioGroup
                className="resv-choice"
                name="edit-people"
                orientation="horizontal"
                value={String(people)}
                onChange={(value) =>
                  actor.send({
                    type: 'edit.people.changed',
                    people: value === 'flexible' ? 'flexible' : (Number(value) as 1 | 2),
                  })
                }
                isInvalid={Boolean(peopleIssue)}
                validationBehavior="aria"
              >
                <Label className="resv-legend">{intl.formatMessage({ id: 'reservations.field.people' })}</Label>
                <div className="resv-radio-row">
                  {PEOPLE.map((p) => (
                    <Radio key={p} value={p} className="resv-radio">
                      {p === 'flexible'
                        ? intl.formatMessage({ id: 'reservations.people.flexible' })
                        : intl.formatMessage({ id: 'reservations.people.count' }, { count: Number(p) })}
                    </Radio>
                  ))}
                </div>
                <FieldError className="field-error">
                  {peopleIssue ? intl.formatMessage(ruleMessage(peopleIssue.code)) : null}
                </FieldError>
              </RadioGroup>
              <TextField
                className="field"
                name="edit-capacity"
                value={capacity}
                inputMode="decimal"
                onChange={(value) => actor.send({ type: 'edit.capacity.changed', capacity: value })}
                isInvalid={Boolean(capacityIssue)}
                validationBehavior="aria"
              >
                <Label>{intl.formatMessage({ id: 'reservations.field.capacity' })}</Label>
                <Input className={capacityIssue ? 'is-invalid' : undefined} />
                <Text slot="description" className="field-description">
                  {intl.formatMessage({ id: 'reservations.capacity.hint' })}
                </Text>
                <FieldError className="field-error">
                  {capacityIssue ? intl.formatMessage(ruleMessage(capacityIssue.code)) : null}
                </FieldError>
              </TextField>
            </>
          )}
          {failed ? (
            <p className="alert alert-danger" role="alert">
              {intl.formatMessage({ id: 'reservations.dialog.noAnswer' })}
            </p>
          ) : null}
          <div className="resv-dialog-actions">
            {preview ? (
              <Button
                className="button button-secondary"
                isDisabled={busy}
                onPress={() => actor.send({ type: 'edit.back' })}
              >
                {intl.formatMessage({ id: 'reservations.dialog.back' })}
              </Button>
            ) : (
              <Button
                className="button button-secondary"
                isDisabled={busy}
                onPress={() => actor.send({ type: 'edit.dismissed' })}
              >
                {intl.formatMessage({ id: 'reservations.dialog.close' })}
              </Button>
            )}
            {preview ? (
              <Button
                className="button"
                isPending={saving}
                data-testid="edit-confirm"
                onPress={() => actor.send({ type: 'edit.confirmed' })}
              >
                {intl.formatMessage({
                  id: mode === 'now' ? 'reservations.edit.save' : 'reservations.edit.sendRequest',
                })}
              </Button>
            ) : (
              <Button
                className="button"
                isPending={busy}
                data-testid="edit-check"
                onPress={() => actor.send({ type: 'edit.checked' })}
              >
                {intl.formatMessage({ id: 'reservations.edit.check' })}
              </Button>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
