import { useSelector } from '@xstate/react';
import {
  Button,
  Dialog,
  FieldError,
  Heading,
  Label,
  Modal,
  ModalOverlay,
  Radio,
  RadioGroup,
  TextArea,
  TextField,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import {
  areDriversLoading,
  haveDriversFailed,
  isAllocatingDriver,
  isConfirmingDriver,
  isDeallocating,
  isDeallocationOpen,
  isDriverBusy,
  type DriverActorRef,
} from '@/machines/journey-allocation/journey-allocation.selectors';
import { deallocationCharge } from '@/machines/journey-allocation/journey-pay';
import { DEALLOCATION_REASONS, type DeallocationReason, type JourneyResponse } from '@/schemas/journey';
import { type DriverId } from '@/schemas/driver';
import { useFormatters } from '@/src/app/use-formatters';
import { jobValueOf } from './journey-breakdown';
import { DriverChoice } from './journey-fields';
import { CHARGE_BANDS, REASONS } from './journey-labels';

/**
 * The journey the partner holds (spec §4 allocate driver, allocate driver real, deallocate): the driver on it, the
 * list to assign another, confirming the driver who will actually drive, and handing the journey back through a
 * dialogue that needs a reason and shows the charge first. The panel's machine (journeyDriver) decides.
 */
export function JourneyDriverPanel({
  panel,
  view,
  serverNow,
}: {
  panel: DriverActorRef;
  view: JourneyResponse;
  serverNow: number;
}) {
  const intl = useIntl();
  const context = useSelector(panel, (s) => s.context);
  const loading = useSelector(panel, areDriversLoading);
  const failed = useSelector(panel, haveDriversFailed);
  const busy = useSelector(panel, isDriverBusy);
  const allocating = useSelector(panel, isAllocatingDriver);
  const confirming = useSelector(panel, isConfirmingDriver);
  const { actions } = context;
  const driver = context.driver;

  return (
    <div className="journey-driver" data-testid="journey-driver">
      <h3 className="journey-subtitle">{intl.formatMessage({ id: 'journey.driver.title' })}</h3>
      {driver ? (
        <p className="journey-driver-current" data-testid="journey-current-driver">
          <b>{driver.full_name}</b>{' '}
          <span className={`journey-badge ${driver.confirmed ? 'journey-badge-ok' : 'journey-badge-wait'}`}>
            {intl.formatMessage({ id: driver.confirmed ? 'journey.driver.confirmed' : 'journey.driver.unconfirmed' })}
          </span>
          <br />
          <a href={`tel:${driver.phone.replace(/\s+/g, '')}`}>{driver.phone}</a>
        </p>
      ) : (
        <p className="muted">{intl.formatMessage({ id: 'journey.driver.noneYet' })}</p>
      )}
      {loading ? (
        <p className="muted" role="status">
          {intl.formatMessage({ id: 'journey.driver.loading' })}
        </p>
      ) : failed ? (
        <div className="alert alert-danger" role="alert">
          <p>{intl.formatMessage({ id: 'journey.driver.failed' })}</p>
          <button type="button" className="button" onClick={() => panel.send({ type: 'drivers.retried' })}>
            {intl.formatMessage({ id: 'app.retry' })}
          </button>
        </div>
      ) : actions.allocate_driver || actions.allocate_driver_real ? (
        <>
          <DriverChoice
            drivers={context.drivers}
            value={context.chosenDriverId}
            invalid={context.driverMissing}
            isDisabled={busy}
            label={intl.formatMessage({ id: 'journey.driver.choose' })}
            onChange={(id) => panel.send({ type: 'driver.chosen', id: id as DriverId })}
          />
          <div className="journey-buttons">
            {actions.allocate_driver ? (
              <Button
                className="button button-secondary"
                onPress={() => panel.send({ type: 'driver.allocated' })}
                isPending={allocating}
                isDisabled={busy && !allocating}
              >
                {intl.formatMessage({ id: 'journey.driver.assign' })}
              </Button>
            ) : null}
            {actions.allocate_driver_real ? (
              <Button
                className="button"
                onPress={() => panel.send({ type: 'driver.confirmed' })}
                isPending={confirming}
                isDisabled={busy && !confirming}
              >
                {intl.formatMessage({ id: 'journey.driver.confirm' })}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
      {actions.deallocate_driver ? (
        <div className="journey-handback">
          <Button
            className="button button-danger button-block"
            onPress={() => panel.send({ type: 'deallocation.started' })}
            isDisabled={busy}
          >
            {intl.formatMessage({ id: 'journey.handBack.button' })}
          </Button>
        </div>
      ) : null}
      <HandBackDialog panel={panel} view={view} serverNow={serverNow} />
    </div>
  );
}

/** "Hand this journey back?": the reason (required, spec §5), a note, and the charge of now. */
function HandBackDialog({
  panel,
  view,
  serverNow,
}: {
  panel: DriverActorRef;
  view: JourneyResponse;
  serverNow: number;
}) {
  const intl = useIntl();
  const fmt = useFormatters();
  const open = useSelector(panel, isDeallocationOpen);
  const sending = useSelector(panel, isDeallocating);
  const reason = useSelector(panel, (s) => s.context.reason);
  const note = useSelector(panel, (s) => s.context.note);
  const reasonMissing = useSelector(panel, (s) => s.context.reasonMissing);
  const value = jobValueOf(view);
  const charge = deallocationCharge(Date.parse(view.journey.first_pickup_at), serverNow, value);
  const cancel = () => panel.send({ type: 'deallocation.cancelled' });

  return (
    <ModalOverlay
      className="journey-modal-overlay"
      isOpen={open}
      isDismissable={!sending}
      isKeyboardDismissDisabled={sending}
      onOpenChange={(isOpen) => {
        if (!isOpen && !sending) cancel();
      }}
    >
      <Modal className="journey-modal">
        <Dialog className="journey-dialog" data-testid="hand-back-dialog">
          <Heading slot="title" className="journey-dialog-title">
            {intl.formatMessage({ id: 'journey.handBack.title' })}
          </Heading>
          <div className="journey-charge" data-testid="hand-back-charge">
            <p>
              {intl.formatMessage(
                { id: 'journey.handBack.charge' },
                { amount: <b key="a">{fmt.money(charge.amount)}</b> },
              )}
            </p>
            <p className="muted">
              {intl.formatMessage(CHARGE_BANDS[charge.band])} ·{' '}
              {intl.formatMessage({ id: 'journey.handBack.value' }, { value: fmt.money(value) })}
            </p>
            <p className="muted">{intl.formatMessage({ id: 'journey.handBack.serverDecides' })}</p>
          </div>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              panel.send({ type: 'deallocation.confirmed' });
            }}
            noValidate
          >
            <RadioGroup
              className="journey-field journey-choices"
              value={reason}
              onChange={(value) => panel.send({ type: 'reason.chosen', reason: value as DeallocationReason })}
              isInvalid={reasonMissing}
              isDisabled={sending}
              validationBehavior="aria"
              name="reason"
            >
              <Label className="journey-field-label">{intl.formatMessage({ id: 'journey.handBack.reason' })}</Label>
              {DEALLOCATION_REASONS.map((id) => (
                <Radio key={id} value={id} className="journey-choice journey-choice-compact">
                  {intl.formatMessage(REASONS[id])}
                </Radio>
              ))}
              {/* spec §5 */}
              <FieldError className="field-error">
                {intl.formatMessage({ id: 'journey.handBack.reasonRequired' })}
              </FieldError>
            </RadioGroup>
            <TextField
              className="field journey-field"
              value={note}
              onChange={(text) => panel.send({ type: 'note.changed', text })}
              isDisabled={sending}
              maxLength={500}
              name="note"
            >
              <Label>{intl.formatMessage({ id: 'journey.handBack.note' })}</Label>
              <TextArea className="journey-textarea" rows={2} />
            </TextField>
            <div className="journey-dialog-actions">
              <Button className="button button-secondary" onPress={cancel} isDisabled={sending}>
                {intl.formatMessage({ id: 'journey.handBack.keep' })}
              </Button>
              <Button
                type="submit"
                className="button button-danger"
                isPending={sending}
                data-testid="hand-back-confirm"
              >
                {intl.formatMessage({ id: 'journey.handBack.confirm' })}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
