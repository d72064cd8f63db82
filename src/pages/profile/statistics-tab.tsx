import { useIntl } from 'react-intl';
import { fetchStatistics } from '@/src/api/profile';
import { useFormatters } from '@/src/app/use-formatters';
import { BarChart } from './charts';
import { monthLabel, TabReadState } from './tab-states';
import { useRequest } from './use-request';

/**
 * Statistics (spec §2 profile): jobs done and earnings per month over the last 12 months, as two bar charts with the
 * figures in a visually hidden table, and the totals. Amounts through the shared money formatter (pence in).
 */
export function StatisticsTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormatters();
  const { data, loading, failure, retry } = useRequest('profileStatistics', () => fetchStatistics());
  if (!data) return <TabReadState loading={loading} failure={failure} onRetry={retry} />;
  const first = data.months[0]?.month ?? '';
  const last = data.months.at(-1)?.month ?? '';
  const range = { from: monthLabel(intl.locale, first, true), to: monthLabel(intl.locale, last, true) };

  return (
    <div className="profile-statistics">
      <dl className="card statistics-totals" data-testid="statistics-totals">
        <div>
          <dt>{t('statistics.totalJobs')}</dt>
          <dd>{data.totals.jobs}</dd>
        </div>
        <div>
          <dt>{t('statistics.totalEarnings')}</dt>
          <dd>{format.money(data.totals.earnings)}</dd>
        </div>
      </dl>
      <section className="card" aria-labelledby="jobs-chart-heading">
        <h2 id="jobs-chart-heading">{t('statistics.jobs.title')}</h2>
        <BarChart
          title={t('statistics.jobs.title')}
          description={t('statistics.jobs.description', { ...range, total: data.totals.jobs })}
          testId="statistics-jobs-chart"
          points={data.months.map((m) => ({
            label: monthLabel(intl.locale, m.month),
            value: m.jobs,
            shown: String(m.jobs),
          }))}
        />
      </section>
      <section className="card" aria-labelledby="earnings-chart-heading">
        <h2 id="earnings-chart-heading">{t('statistics.earnings.title')}</h2>
        <BarChart
          title={t('statistics.earnings.title')}
          description={t('statistics.earnings.description', { ...range, total: format.money(data.totals.earnings) })}
          testId="statistics-earnings-chart"
          points={data.months.map((m) => ({
            label: monthLabel(intl.locale, m.month),
            value: m.earnings,
            shown: format.money(m.earnings),
          }))}
        />
      </section>
      <div className="visually-hidden">
        <table>
          <caption>{t('statistics.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('profile.month')}</th>
              <th scope="col">{t('statistics.jobs.title')}</th>
              <th scope="col">{t('statistics.earnings.title')}</th>
            </tr>
          </thead>
          <tbody>
            {data.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(intl.locale, m.month, true)}</th>
                <td>{m.jobs}</td>
                <td>{format.money(m.earnings)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
