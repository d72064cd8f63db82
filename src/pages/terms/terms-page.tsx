import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { termsMachine } from '@/machines/terms/terms.machine';
import {
  acceptedAt,
  acceptFailure,
  canAccept,
  isAccepting,
  isLoadingTerms,
  termsLoadFailure,
  termsStatus,
} from '@/machines/terms/terms.selectors';
import type { TermsRequirements } from '@/schemas/documents';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { hasRoute } from '@/src/app/route-table';
import { useFormatters } from '@/src/app/use-formatters';
import './terms-page.css';

/** The sections of the demo's terms, in order: each has `terms.text.{id}.title` and `terms.text.{id}.body`. */
const SECTIONS = ['marketplace', 'documents', 'vehicles', 'jobs', 'payments', 'conduct', 'data', 'ending'] as const;

/** The checklist of spec §6, each item linking to the page that puts it right. */
const REQUIREMENTS: ReadonlyArray<{ key: keyof TermsRequirements; id: string; href: string | null }> = [
  { key: 'documents_ok', id: 'documents', href: '/documents' },
  { key: 'vehicles_ok', id: 'vehicles', href: '/vehicles' },
  { key: 'terms_ok', id: 'terms', href: null },
];

/**
 * Partner terms (spec §2 partner terms acceptance, §6 requirements before working): the demo's guidelines and terms,
 * the checklist (documents, at least one vehicle, the terms) with links, and Accept, which records the time. A view
 * of machines/terms/terms.machine.ts.
 */
export default function TermsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const fmt = useFormatters();
  const terms = useActorRef(termsMachine, { inspect });
  const status = useSelector(terms, termsStatus);
  const loading = useSelector(terms, isLoadingTerms);
  const loadFailure = useSelector(terms, termsLoadFailure);
  const accepting = useSelector(terms, isAccepting);
  const accepted = useSelector(terms, acceptedAt);
  const acceptable = useSelector(terms, canAccept);
  const failure = useSelector(terms, acceptFailure);

  return (
    <div className="terms-page">
      <header className="page-header">
        <h1>{t('terms.title')}</h1>
        <p className="muted">{t('terms.intro')}</p>
      </header>
      {loading ? <PageLoading /> : null}
      {loadFailure ? (
        <div className="alert alert-danger" role="alert">
          <p>{t(`terms.failed.${loadFailure}`)}</p>
          <button type="button" className="button" onClick={() => terms.send({ type: 'terms.retried' })}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}
      {status ? (
        <div className="terms-layout">
          <section className="card terms-checklist" aria-labelledby="terms-checklist">
            <h2 id="terms-checklist">{t('terms.checklist.title')}</h2>
            <p className="muted">{t('terms.checklist.intro')}</p>
            <ul>
              {REQUIREMENTS.map((item) => {
                const met = status.requirements[item.key];
                const href = item.href && hasRoute(item.href) ? item.href : null;
                return (
                  <li key={item.key} data-testid={`requirement-${item.id}`} data-met={met}>
                    <span
                      className={`terms-check ${met ? 'terms-check-met' : 'terms-check-missing'}`}
                      aria-hidden="true"
                    >
                      {met ? '✓' : '!'}
                    </span>
                    <span className="terms-check-text">
                      {t(`terms.checklist.${item.id}`)}
                      <span className="visually-hidden">
                        {' '}
                        {t(met ? 'terms.checklist.met' : 'terms.checklist.missing')}
                      </span>
                    </span>
                    {!met && href ? (
                      <Link href={href} className="terms-check-link">
                        {t(`terms.checklist.${item.id}Link`)}
                      </Link>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </section>

          <article className="card terms-text" aria-labelledby="terms-text-title" data-testid="terms-text">
            <h2 id="terms-text-title">{t('terms.text.heading', { version: status.version })}</h2>
            <p className="terms-demo-label">{t('terms.text.demoLabel')}</p>
            {SECTIONS.map((id) => (
              <section key={id}>
                <h3>{t(`terms.text.${id}.title`)}</h3>
                <p>{t(`terms.text.${id}.body`)}</p>
              </section>
            ))}
          </article>

          <section className="card terms-accept" aria-labelledby="terms-accept-title">
            <h2 id="terms-accept-title" className="visually-hidden">
              {t('terms.accept.title')}
            </h2>
            {accepted ? (
              <p className="terms-accepted" role="status" data-testid="terms-accepted">
                {t('terms.accept.acceptedOn', { date: fmt.date(accepted), time: fmt.time(accepted) })}
              </p>
            ) : (
              <>
                <p>{t('terms.accept.prompt')}</p>
                {failure ? (
                  <p className="alert alert-danger" role="alert">
                    {t(`terms.failed.accept.${failure}`)}
                  </p>
                ) : null}
                <button
                  type="button"
                  className="button"
                  disabled={!acceptable}
                  aria-busy={accepting}
                  onClick={() => terms.send({ type: 'terms.accepted' })}
                  data-testid="terms-accept"
                >
                  {t(accepting ? 'terms.accept.accepting' : 'terms.accept.button')}
                </button>
              </>
            )}
          </section>
        </div>
      ) : null}
    </div>
  );
}
