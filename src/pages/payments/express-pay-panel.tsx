import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { expressPay } from '@/machines/payments/express-pay.machine';
import { canChange, feeExample, shownSwitches } from '@/machines/payments/express-pay.selectors';
import { useFormatters } from '@/src/app/use-formatters';
import { SwitchControl } from '@/src/forms/checkbox-card';

/** The amount the fee is explained with: a £500 (or €500) week. */
const EXAMPLE_AMOUNT = 50_000;

/**
 * Express pay details (spec §6 "express pay with fee and auto enrolment"): what it is, the fee with an example in the
 * locale's currency, and the two switches. A view of the express-pay machine: a switch shows its new value while it
 * is saved and goes back when the change fails (the toast says so).
 */
export function ExpressPayPanel({ actor }: { actor: ActorRefFrom<typeof expressPay> }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const fmt = useFormatters();
  const shown = useSelector(actor, shownSwitches);
  const changeable = useSelector(actor, canChange);
  const { settings } = useSelector(actor, (s) => s.context);
  const example = feeExample(EXAMPLE_AMOUNT);
  const percent = intl.formatNumber(settings.fee_basis_points / 10_000, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 2,
  });
  return (
    <section className="card pay-express" aria-labelledby="pay-express-title" data-testid="express-pay">
      <h2 id="pay-express-title">{t('payments.express.title')}</h2>
      <p>{t('payments.express.intro')}</p>
      <p data-testid="express-fee">
        {t('payments.express.fee', { percent, minimum: fmt.money(settings.fee_minimum) })}
      </p>
      <p className="muted" data-testid="express-example">
        {t('payments.express.example', {
          amount: fmt.money(example.amount),
          fee: fmt.money(example.fee),
          net: fmt.money(example.net),
        })}
      </p>
      {!settings.available ? <p className="alert alert-info">{t('payments.express.unavailable')}</p> : null}
      <div className="pay-switches">
        <SwitchControl
          className="pay-switch"
          on={shown.enrolled}
          disabled={!changeable}
          onChange={(value) => actor.send({ type: 'expressPay.enrolled.toggled', value })}
          testId="express-enrolled"
        >
          {t('payments.express.enrolled')}
        </SwitchControl>
        <SwitchControl
          className="pay-switch"
          on={shown.auto_enrol}
          disabled={!changeable}
          onChange={(value) => actor.send({ type: 'expressPay.autoEnrol.toggled', value })}
          testId="express-auto-enrol"
        >
          {t('payments.express.autoEnrol')}
        </SwitchControl>
      </div>
    </section>
  );
}
