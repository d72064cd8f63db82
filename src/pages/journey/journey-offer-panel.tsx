import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  hasFleetFailed,
  isFleetLoading,
  isSubmitting,
  isUnanswered,
  shownOfferErrors,
  type OfferActorRef,
} from '@/machines/journey-allocation/journey-allocation.selectors';
import type { QuoteAmountError } from '@/machines/listing/listing.amount';
import { MAX_JOURNEY_QUOTE_MINOR_UNITS } from '@/schemas/journey';
import { type DriverId } from '@/schemas/driver';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import { useFormatters } from '@/src/app/use-formatters';
import { CheckboxCard } from '@/src/forms/checkbox-card';
import { RadioChoices } from '@/src/forms/radio-choices';
import { TextInput } from '@/src/forms/text-input';
import { DriverChoice, VehicleChoice } from './journey-fields';
import { QUOTE_ERROR_MESSAGES } from '@/src/pages/find-work/listing-labels';

/**
 * The offer of an open journey (spec §4): express interest (vehicle, the partner's own price and return price,
 * how many people) or click and claim (vehicle, driver, return leg); or the edit of a pending interest, the same form
 * on its values, with `onDiscard` to close it unchanged. The panel's machine (journeyOffer) decides; this renders it
 * and sends what the partner does.
 */
export function JourneyOfferPanel({
  offer,
  quote,
  onDiscard,
}: {
  offer: OfferActorRef;
  quote: number;
  onDiscard?: () => void;
}) {
  const intl = useIntl();
  const fmt = useFormatters();
  const context = useSelector(offer, (s) => s.context);
  const loading = useSelector(offer, isFleetLoading);
  const failed = useSelector(offer, hasFleetFailed);
  const submitting = useSelector(offer, isSubmitting);
  const unanswered = useSelector(offer, isUnanswered);
  const errors = useSelector(offer, shownOfferErrors);
  const interest = context.method === 'EXPRESS_INTEREST';
  const editing = context.editing !== null;
  const example = intl.formatNumber(120.5, { minimumFractionDigits: 2 });
  const amountError = (error: QuoteAmountError | undefined) =>
    error
      ? intl.formatMessage(QUOTE_ERROR_MESSAGES[error], { example, max: fmt.money(MAX_JOURNEY_QUOTE_MINOR_UNITS) })
      : null;

  if (loading)
    return (
      <p className="muted" role="status">
        {intl.formatMessage({ id: 'journey.offer.loading' })}
      </p>
    );
  if (failed)
    return (
      <div className="alert alert-danger" role="alert">
        <p>{intl.formatMessage({ id: 'journey.offer.failed' })}</p>
        <button type="button" className="button" onClick={() => offer.send({ type: 'offer.retried' })}>
          {intl.formatMessage({ id: 'app.retry' })}
        </button>
      </div>
    );

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!submitting) offer.send({ type: 'offer.submitted' });
  };
  const quoteError = amountError(errors.quote);
  const returnError = amountError(errors.returnQuote);

  return (
    <form className="journey-offer" onSubmit={submit} noValidate aria-busy={submitting} data-testid="journey-offer">
      <p className="muted journey-hint">
        {intl.formatMessage({
          id: editing ? 'journey.offer.editHint' : interest ? 'journey.offer.interestHint' : 'journey.offer.claimHint',
        })}
      </p>
      <VehicleChoice
        vehicles={context.vehicles}
        value={context.vehicleId}
        invalid={errors.vehicle !== undefined}
        isDisabled={submitting}
        label={intl.formatMessage({ id: 'journey.vehicle.label' })}
        onChange={(id) => offer.send({ type: 'vehicle.chosen', id: id as ProviderVehicleId })}
      />
      {interest ? (
        <>
          <TextInput
            className="field journey-field"
            name="quote"
            label={intl.formatMessage({ id: 'journey.offer.quote' })}
            value={context.quoteText}
            onChange={(text) => offer.send({ type: 'quote.changed', text })}
            messages={quoteError ? [quoteError] : []}
            disabled={submitting}
            inputMode="decimal"
            description={intl.formatMessage({ id: 'journey.offer.quoteHelp' }, { amount: fmt.money(quote) })}
          />
          {context.returnQuote !== null ? (
            <TextInput
              className="field journey-field"
              name="returnQuote"
              label={intl.formatMessage({ id: 'journey.offer.returnQuote' })}
              value={context.returnQuoteText}
              onChange={(text) => offer.send({ type: 'returnQuote.changed', text })}
              messages={returnError ? [returnError] : []}
              disabled={submitting}
              inputMode="decimal"
              description={intl.formatMessage(
                { id: 'journey.offer.quoteHelp' },
                { amount: fmt.money(context.returnQuote) },
              )}
            />
          ) : null}
          <RadioChoices
            className="journey-field journey-people"
            name="people"
            legend={intl.formatMessage({ id: 'journey.offer.people' })}
            legendClassName="journey-field-label"
            listClassName="journey-people-options"
            choiceClassName="journey-choice journey-choice-compact"
            value={String(context.people)}
            onChange={(value) => offer.send({ type: 'people.chosen', people: value === '2' ? 2 : 1 })}
            disabled={submitting}
            choices={[
              { value: '1', label: intl.formatMessage({ id: 'journey.pay.onePerson' }) },
              { value: '2', label: intl.formatMessage({ id: 'journey.pay.twoPeople' }) },
            ]}
          />
        </>
      ) : (
        <>
          <DriverChoice
            drivers={context.drivers}
            value={context.driverId}
            invalid={errors.driver !== undefined}
            isDisabled={submitting}
            label={intl.formatMessage({ id: 'journey.driver.label' })}
            onChange={(id) => offer.send({ type: 'driver.chosen', id: id as DriverId })}
          />
          {context.returnQuote !== null ? (
            <CheckboxCard
              className="journey-checkbox"
              name="return"
              checked={context.withReturn}
              onChange={(withReturn) => offer.send({ type: 'return.toggled', withReturn })}
              disabled={submitting}
            >
              {intl.formatMessage({ id: 'journey.offer.takeReturn' }, { amount: fmt.money(context.returnQuote) })}
            </CheckboxCard>
          ) : null}
        </>
      )}
      {unanswered ? (
        <p className="alert alert-danger" role="alert">
          {intl.formatMessage({ id: 'journey.offer.unanswered' })}
        </p>
      ) : null}
      {/* while the offer is on its way the button keeps its focus (aria-disabled) and sends nothing more */}
      <button
        type="submit"
        className="button button-block"
        aria-disabled={submitting || undefined}
        data-testid="journey-offer-submit"
      >
        {unanswered
          ? intl.formatMessage({ id: 'journey.offer.retry' })
          : intl.formatMessage({
              id: editing ? 'journey.offer.saveChanges' : interest ? 'journey.offer.express' : 'journey.offer.claim',
            })}
      </button>
      {onDiscard ? (
        // while the change is on its way the form waits for the answer: closing it then would hide what was sent
        <button
          type="button"
          className="button button-secondary button-block journey-discard"
          onClick={onDiscard}
          disabled={submitting}
        >
          {intl.formatMessage({ id: 'journey.offer.discard' })}
        </button>
      ) : null}
    </form>
  );
}
