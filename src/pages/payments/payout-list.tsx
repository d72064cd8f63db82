import { useIntl } from 'react-intl';
import type { InvoiceBrief, Payout } from '@/schemas/payments';
import { useFormatters } from '@/src/app/use-formatters';

/** The portal's base path (vite `base`, '/tpp/'): an invoice opens in a new tab at its own address. */
const BASE = import.meta.env?.BASE_URL ?? '/tpp/';
export const invoiceHref = (id: number) => `${BASE}payments/invoice/${id}`;

/** A payout: its week, status and dates, the amount, fee and what the partner receives, and its items. */
export function PayoutCard({ payout }: { payout: Payout }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const fmt = useFormatters();
  const when =
    payout.status === 'transferred' && payout.transferred_at
      ? t('payments.payout.transferredOn', { date: fmt.date(payout.transferred_at) })
      : payout.status === 'scheduled' && payout.scheduled_for
        ? t('payments.payout.scheduledFor', { date: fmt.date(payout.scheduled_for) })
        : t('payments.payout.pending');
  return (
    <article className="card pay-payout" data-testid="payout" data-payout-id={payout.id}>
      <header className="pay-payout-head">
        <div>
          <h3 className="pay-payout-title">{t('payments.payout.week', { date: fmt.date(payout.week_start) })}</h3>
          <p className="muted pay-payout-when">
            {when} · <span className="pay-reference">{payout.reference}</span>
          </p>
        </div>
        <p className="pay-payout-net" data-testid="payout-net">
          {fmt.money(payout.net)}
        </p>
      </header>
      {payout.express ? (
        <p className="pay-payout-fee" data-testid="payout-fee">
          {t('payments.payout.expressFee', { amount: fmt.money(payout.amount), fee: fmt.money(payout.fee) })}
        </p>
      ) : null}
      <table className="pay-items">
        <caption className="visually-hidden">{t('payments.payout.items')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('payments.item.date')}</th>
            <th scope="col">{t('payments.item.description')}</th>
            <th scope="col" className="pay-amount">
              {t('payments.item.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {payout.items.map((item) => (
            <tr key={item.id} data-testid="payout-item">
              <td>{fmt.date(item.date)}</td>
              <td>{item.description}</td>
              <td className="pay-amount">{fmt.money(item.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {payout.invoice_id !== null ? (
        <a className="text-button" href={invoiceHref(payout.invoice_id)} target="_blank" rel="noopener">
          {t('payments.payout.invoice')}
        </a>
      ) : null}
    </article>
  );
}

/** The invoices tab: number, date and total, each opening its printable page in a new tab. */
export function InvoiceTable({ invoices }: { invoices: readonly InvoiceBrief[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const fmt = useFormatters();
  return (
    <table className="card pay-invoices">
      <caption className="visually-hidden">{t('payments.tab.invoices')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('payments.invoice.number')}</th>
          <th scope="col">{t('payments.invoice.issued')}</th>
          <th scope="col" className="pay-amount">
            {t('payments.invoice.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.id} data-testid="invoice-row">
            <td>
              <a href={invoiceHref(invoice.id)} target="_blank" rel="noopener" data-testid="invoice-link">
                {invoice.number}
              </a>
            </td>
            <td>{fmt.date(invoice.issued_at)}</td>
            <td className="pay-amount">{fmt.money(invoice.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
