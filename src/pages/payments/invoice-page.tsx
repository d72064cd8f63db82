import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { createRequestMachine } from '@/machines/request/request.machine';
import { dataOf, errorOf, hasFailed, isLoading } from '@/machines/request/request.selectors';
import type { Invoice, InvoiceParty } from '@/schemas/payments';
import { fetchInvoice } from '@/src/api/payments';
import { failureKind } from '@/src/api/errors';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { useFormatters } from '@/src/app/use-formatters';
import { failureText } from '@/src/format/failure-text';
import './payments.css';

function Party({ heading, party }: { heading: string; party: InvoiceParty }) {
  const intl = useIntl();
  return (
    <section className="invoice-party">
      <h2>{heading}</h2>
      <address>
        {[party.name, ...party.address].map((line) => (
          <span key={line}>
            {line}
            <br />
          </span>
        ))}
      </address>
      {party.vat_number ? (
        <p>{intl.formatMessage({ id: 'payments.invoice.vatNumber' }, { number: party.vat_number })}</p>
      ) : null}
    </section>
  );
}

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const fmt = useFormatters();
  return (
    <article className="invoice" data-testid="invoice">
      <p className="muted">{t('payments.invoice.selfBilled')}</p>
      <dl className="invoice-facts">
        <dt>{t('payments.invoice.number')}</dt>
        <dd data-testid="invoice-number">{invoice.number}</dd>
        <dt>{t('payments.invoice.issued')}</dt>
        <dd>{fmt.date(invoice.issued_at)}</dd>
        <dt>{t('payments.invoice.week')}</dt>
        <dd>{fmt.date(invoice.week_start)}</dd>
      </dl>
      <div className="invoice-parties">
        <Party heading={t('payments.invoice.supplier')} party={invoice.supplier} />
        <Party heading={t('payments.invoice.customer')} party={invoice.customer} />
      </div>
      <table className="invoice-lines">
        <thead>
          <tr>
            <th scope="col">{t('payments.item.description')}</th>
            <th scope="col">{t('payments.item.date')}</th>
            <th scope="col" className="pay-amount">
              {t('payments.item.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, i) => (
            <tr key={i} data-testid="invoice-line">
              <td>{line.kind === 'fee' ? t('payments.invoice.feeLine') : line.description}</td>
              <td>{line.date ? fmt.date(line.date) : ''}</td>
              <td className="pay-amount">{fmt.money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('payments.invoice.net')}
            </th>
            <td className="pay-amount">{fmt.money(invoice.net)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {t('payments.invoice.vat', { rate: invoice.vat_rate })}
            </th>
            <td className="pay-amount">{fmt.money(invoice.vat)}</td>
          </tr>
          <tr className="invoice-total">
            <th scope="row" colSpan={2}>
              {t('payments.invoice.total')}
            </th>
            <td className="pay-amount" data-testid="invoice-total">
              {fmt.money(invoice.total)}
            </td>
          </tr>
        </tfoot>
      </table>
    </article>
  );
}

/**
 * An invoice as a printable page (issue 8 "a PDF or printable page per invoice"), at /payments/invoice/{id}: served
 * by the portal so it reads the invoice with the partner's token (a new tab restores the session from the cookie).
 * The print stylesheet (payments.css) hides the portal's chrome and the buttons; Print opens the browser's dialogue,
 * where "Save as PDF" makes the PDF. A plain read: the shared request machine.
 */
export default function InvoicePage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { id = '' } = useParams<{ id: string }>();
  const machine = useMemo(
    () => createRequestMachine('invoice', () => fetchInvoice(/^\d{1,9}$/.test(id) ? Number(id) : 0)),
    [id],
  );
  const actor = useActorRef(machine, { inspect });
  const invoice = useSelector(actor, dataOf);
  const loading = useSelector(actor, isLoading);
  const failed = useSelector(actor, hasFailed);
  const error = useSelector(actor, errorOf);
  return (
    <div className="invoice-page">
      <header className="page-header invoice-header">
        <h1>{invoice ? t('payments.invoice.titleNumber', { number: invoice.number }) : t('payments.invoice.title')}</h1>
        <div className="invoice-actions">
          <Link href="/payments?tab=invoices" className="button button-secondary">
            {t('payments.invoice.back')}
          </Link>
          {invoice ? (
            <button type="button" className="button" onClick={() => window.print()} data-testid="invoice-print">
              {t('payments.invoice.print')}
            </button>
          ) : null}
        </div>
      </header>
      {loading ? <PageLoading /> : null}
      {failed ? (
        <div className="alert alert-danger" role="alert" data-testid="invoice-failed">
          <p>{t('payments.invoice.failed')}</p>
          <p>{failureText(intl, { kind: failureKind(error), message: (error as Error | null)?.message ?? '' })}</p>
        </div>
      ) : null}
      {invoice ? <InvoiceDocument invoice={invoice} /> : null}
    </div>
  );
}
