import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { fetchHistory } from '@/src/api/profile';
import { hasRoute } from '@/src/app/route-table';
import { useFormatters } from '@/src/app/use-formatters';
import { Pager, TabReadState } from './tab-states';
import { useRequest } from './use-request';

/**
 * History and invoicing (spec §2 profile): the partner's done jobs, newest first, with the price and dates; the
 * invoices themselves are on the payments page (/payments), linked from here.
 */
export function HistoryTab() {
  const [page, setPage] = useState(1);
  return <HistoryPage key={page} page={page} onPage={setPage} />;
}

function HistoryPage({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormatters();
  const { data, loading, failure, retry } = useRequest('profileHistory', () => fetchHistory(page));

  return (
    <section className="profile-list" aria-labelledby="history-heading">
      <div className="profile-list-header">
        <h2 id="history-heading">{t('profile.history.title')}</h2>
        {hasRoute('/payments') ? (
          <Link href="/payments" className="button button-secondary" data-testid="invoices-link">
            {t('profile.history.invoices')}
          </Link>
        ) : null}
      </div>
      {!data ? <TabReadState loading={loading} failure={failure} onRetry={retry} /> : null}
      {data && data.rows.length === 0 ? <p>{t('profile.history.empty')}</p> : null}
      {data && data.rows.length > 0 ? (
        <div className="table-scroll">
          <table className="history-table" data-testid="history-table">
            <caption className="visually-hidden">{t('profile.history.caption', { total: data.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('profile.history.job')}</th>
                <th scope="col">{t('profile.history.route')}</th>
                <th scope="col">{t('profile.history.pickup')}</th>
                <th scope="col">{t('profile.history.done')}</th>
                <th scope="col">{t('profile.history.status')}</th>
                <th scope="col" className="numeric">
                  {t('profile.history.price')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.listing_id}>
                  <td>#{row.listing_id}</td>
                  <td>
                    {row.from_town} → {row.to_town}
                  </td>
                  <td>{format.date(row.pickup_at)}</td>
                  <td>{row.done_at ? format.date(row.done_at) : '-'}</td>
                  <td>
                    {t(`profile.history.status.${row.status}`)}
                    {row.archived ? ` · ${t('profile.history.archived')}` : ''}
                  </td>
                  <td className="numeric">{format.money(row.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data ? (
        <Pager page={data.page} lastPage={data.last_page} onPage={onPage} label={t('profile.history.pages')} />
      ) : null}
    </section>
  );
}
