import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { FindWorkActorRef } from '@/machines/find-work/find-work.machine';
import {
  canSaveAsDefault,
  canSaveUnderName,
  deletingId,
  hasListFailed,
  isListLoading,
  savedSearches,
  savedStatus,
} from '@/machines/saved-search/saved-search.selectors';
import type { SavedSearchActorRef as SavedSearchRef } from '@/machines/find-work/find-work.selectors';
import { canAlert } from '@/schemas/alert';
import { lazyDialog } from '@/src/app/lazy-dialog';
import { SavedSearchAlert } from './saved-search-alert';

/** The "Save search" dialogue loads when the partner first opens it. */
const SaveSearchDialog = lazyDialog(() => import('./save-search-dialog'));

/**
 * Saved searches (spec §4 saved search status, §7): the status of the criteria in the form, save under a name
 * (a dialogue) or as the default search (criteria already saved: that saved search becomes the default), and the
 * list to apply or delete. Which buttons work is the machine's to say (the selectors), not the view's.
 */
export function SavedSearches({ saved, findWork }: { saved: SavedSearchRef; findWork: FindWorkActorRef }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const status = useSelector(saved, savedStatus);
  const list = useSelector(saved, savedSearches);
  const loading = useSelector(saved, isListLoading);
  const failed = useSelector(saved, hasListFailed);
  const deleting = useSelector(saved, deletingId);
  const canSave = useSelector(saved, canSaveUnderName);
  // enabled exactly when the machine acts on it: for criteria not saved yet, or a saved search not the default
  const canMakeDefault = useSelector(saved, canSaveAsDefault);
  // which dialogue is open is view state; the name typed is the form's until it is sent
  const [open, setOpen] = useState(false);

  const save = (name: string) => {
    saved.send({ type: 'save.requested', name, asDefault: false });
    setOpen(false);
  };

  return (
    <section className="saved-searches card" aria-labelledby="saved-searches-title">
      <div className="saved-header">
        <h2 id="saved-searches-title">{t('savedSearch.title')}</h2>
        <span className={`saved-status status-${status}`} role="status" data-status={status}>
          {t(`savedSearch.status.${status}`)}
        </span>
      </div>
      <div className="saved-actions">
        <button type="button" className="button button-secondary" disabled={!canSave} onClick={() => setOpen(true)}>
          {t('savedSearch.save')}
        </button>
        {open ? (
          <SaveSearchDialog onSave={save} onClose={() => setOpen(false)} onUnavailable={() => setOpen(false)} />
        ) : null}
        <button
          type="button"
          className="button button-secondary"
          disabled={!canMakeDefault}
          onClick={() => saved.send({ type: 'save.requested', name: '', asDefault: true })}
        >
          {t('savedSearch.saveDefault')}
        </button>
      </div>
      {loading ? <p className="muted">{t('app.loading')}</p> : null}
      {failed ? (
        <p className="alert alert-danger">
          {t('savedSearch.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => saved.send({ type: 'list.retried' })}>
            {t('app.retry')}
          </button>
        </p>
      ) : null}
      {!loading && !failed && list.length === 0 ? <p className="muted">{t('savedSearch.none')}</p> : null}
      <ul className="saved-list">
        {list.map((s) => (
          <li key={s.id} data-saved-search={s.name}>
            <button
              type="button"
              className="link-button saved-apply"
              onClick={() => findWork.send({ type: 'criteria.applied', criteria: s.criteria })}
            >
              {s.name}
              {s.is_default ? <span className="muted"> · {t('savedSearch.default')}</span> : null}
            </button>
            {canAlert(s) ? <SavedSearchAlert search={s} /> : null}
            <button
              type="button"
              className="icon-button"
              disabled={deleting !== null}
              aria-label={t('savedSearch.delete', { name: s.name })}
              onClick={() => saved.send({ type: 'saved.deleted', id: s.id })}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
