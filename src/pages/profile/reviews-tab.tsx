import { useState } from 'react';
import { useIntl } from 'react-intl';
import { MIN_RATINGS_SHOWN, RATING_CRITERIA, RATINGS_AVERAGED, type Ratings } from '@/schemas/profile';
import { fetchRatings } from '@/src/api/profile';
import { useFormatters } from '@/src/app/use-formatters';
import { LineChart } from './charts';
import { monthLabel, Pager, TabReadState } from './tab-states';
import { useRequest } from './use-request';

/**
 * Customer reviews (spec §2; §9: the rating appears after at least 5 ratings and averages the last 25): the rating,
 * the four criteria (spec §3 feedback ratings) as bars, the rating month by month as a small chart, and the reviews,
 * newest first, 20 to a page. Before the fifth rating: "Not enough ratings yet (n of 5)" and no average at all.
 */
export function ReviewsTab() {
  const [page, setPage] = useState(1);
  return <ReviewsPage key={page} page={page} onPage={setPage} />;
}

function ReviewsPage({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormatters();
  const { data, loading, failure, retry } = useRequest('profileRatings', () => fetchRatings(page));
  if (!data) return <TabReadState loading={loading} failure={failure} onRetry={retry} />;
  const score = (n: number) => intl.formatNumber(n, { minimumFractionDigits: 1, maximumFractionDigits: 2 });

  return (
    <div className="profile-reviews">
      <section className="card rating-summary" aria-labelledby="rating-heading" data-testid="rating-summary">
        <h2 id="rating-heading">{t('ratings.title')}</h2>
        {data.shown && data.average !== null ? (
          <p className="rating-average">
            <span className="rating-number" data-testid="rating-average">
              {score(data.average)}
            </span>
            <span className="rating-out-of">{t('ratings.outOf')}</span>
            <span className="rating-basis">
              {t('ratings.basis', { count: data.count, averaged: Math.min(data.count, RATINGS_AVERAGED) })}
            </span>
          </p>
        ) : (
          <p className="rating-not-enough" data-testid="rating-not-enough">
            {t('ratings.notEnough', { count: data.count, needed: MIN_RATINGS_SHOWN })}
          </p>
        )}
        {data.criteria ? <CriteriaBars criteria={data.criteria} score={score} /> : null}
      </section>

      {data.shown && data.history.length > 0 ? <RatingHistory history={data.history} score={score} /> : null}

      <section aria-labelledby="reviews-heading" className="profile-list">
        <h2 id="reviews-heading">{t('ratings.reviews')}</h2>
        {data.reviews.length === 0 ? <p>{t('ratings.noReviews')}</p> : null}
        <ul className="review-list" data-testid="review-list">
          {data.reviews.map((r) => (
            <li key={r.listing_id} className="card review">
              <p className="review-job">
                <strong>
                  {r.job.from_town} → {r.job.to_town}
                </strong>{' '}
                · {t('ratings.jobOn', { date: format.date(r.job.date) })}
              </p>
              <ul className="review-scores">
                {RATING_CRITERIA.map((c) => (
                  <li key={c}>
                    {t(`ratings.criterion.${c}`)}: <strong>{t('ratings.stars', { n: r[c] })}</strong>
                  </li>
                ))}
              </ul>
              {r.comment ? <blockquote className="review-comment">{r.comment}</blockquote> : null}
              <p className="review-date">{t('ratings.ratedOn', { date: format.date(r.rated_at) })}</p>
            </li>
          ))}
        </ul>
        <Pager page={data.page} lastPage={data.last_page} onPage={onPage} label={t('ratings.pages')} />
      </section>
    </div>
  );
}

function CriteriaBars({
  criteria,
  score,
}: {
  criteria: NonNullable<Ratings['criteria']>;
  score: (n: number) => string;
}) {
  const intl = useIntl();
  return (
    <ul className="criteria" aria-label={intl.formatMessage({ id: 'ratings.criteria' })} data-testid="rating-criteria">
      {RATING_CRITERIA.map((c) => (
        <li key={c} className="criterion">
          <span className="criterion-name">{intl.formatMessage({ id: `ratings.criterion.${c}` })}</span>
          <span className="criterion-bar" aria-hidden="true">
            <span style={{ width: `${(criteria[c] / 5) * 100}%` }} />
          </span>
          <span className="criterion-value">{score(criteria[c])}</span>
        </li>
      ))}
    </ul>
  );
}

function RatingHistory({ history, score }: { history: Ratings['history']; score: (n: number) => string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const first = history[0];
  const last = history.at(-1);
  const description =
    first && last
      ? t('ratings.chart.description', {
          from: monthLabel(intl.locale, first.month, true),
          to: monthLabel(intl.locale, last.month, true),
          first: score(first.average),
          last: score(last.average),
        })
      : '';
  return (
    <section className="card" aria-labelledby="rating-chart-heading">
      <h2 id="rating-chart-heading">{t('ratings.chart.title')}</h2>
      <LineChart
        title={t('ratings.chart.title')}
        description={description}
        min={1}
        max={5}
        testId="rating-chart"
        points={history.map((m) => ({
          label: monthLabel(intl.locale, m.month),
          value: m.average,
          shown: score(m.average),
        }))}
      />
      <div className="visually-hidden">
        <table>
          <caption>{t('ratings.chart.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('profile.month')}</th>
              <th scope="col">{t('ratings.average')}</th>
              <th scope="col">{t('ratings.count')}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(intl.locale, m.month, true)}</th>
                <td>{score(m.average)}</td>
                <td>{m.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
