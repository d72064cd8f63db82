import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ALL_CATEGORIES, FORM_FILTER_KEYS } from '@/machines/find-work/find-work.criteria';
import type { FindWorkActorRef } from '@/machines/find-work/find-work.machine';
import {
  activeFilterCount,
  canSubmit,
  form as formOf,
  formErrors,
  isSearching,
  recentPlaces,
} from '@/machines/find-work/find-work.selectors';
import type { PlaceEnd, RadiusMiles } from '@/machines/find-work/find-work.types';
import { SUB_FILTER_VALUES } from '@/schemas/search';
import { RADIUS_OPTIONS_MILES } from '@/schemas/place';
import { PlaceField } from '@/src/components/place-field';

/**
 * The search form of find work (spec §3 search parameters, §5 find-work rules): from and to places with their
 * radius, the pickup dates, categories and their sub-filters. Every value lives in the find-work machine; the form
 * only sends what the partner did.
 */
export function SearchForm({ actor }: { actor: FindWorkActorRef }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const form = useSelector(actor, formOf);
  const errors = useSelector(actor, formErrors);
  const recent = useSelector(actor, recentPlaces);
  const allowed = useSelector(actor, canSubmit);
  const busy = useSelector(actor, isSearching);
  const filters = useSelector(actor, activeFilterCount);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'search.submitted' });
  };

  const place = (end: PlaceEnd) => (
    <div className="search-place">
      <PlaceField
        label={t(`findWork.${end}.label`)}
        name={`${end}-place`}
        text={end === 'pickup' ? form.pickupText : form.deliveryText}
        selected={form[end]}
        recent={recent[end]}
        onTextChange={(text) => actor.send({ type: 'place.typed', end, text })}
        onSelect={(location) => actor.send({ type: 'place.chosen', end, location })}
        errorMessage={errors.place ? t('findWork.error.place') : null}
      />
      <label className="field radius-field">
        <span>{t('findWork.radius')}</span>
        <select
          name={`${end}-radius`}
          // two "Within" fields: the name says which end each is for (the visible word stays in it)
          aria-label={t(`findWork.radius.${end}`)}
          value={end === 'pickup' ? form.pickupRadius : form.deliveryRadius}
          onChange={(e) => actor.send({ type: 'radius.chosen', end, miles: Number(e.target.value) as RadiusMiles })}
        >
          {RADIUS_OPTIONS_MILES.map((miles) => (
            <option key={miles} value={miles}>
              {t('findWork.radiusMiles', { miles })}
            </option>
          ))}
        </select>
      </label>
    </div>
  );

  return (
    <form className="search-form card" onSubmit={submit} noValidate aria-label={t('findWork.form')}>
      <div className="search-places">
        {place('pickup')}
        {place('delivery')}
      </div>
      <div className="search-dates">
        <label className="field">
          <span>{t('findWork.dateFrom')}</span>
          <input
            type="date"
            name="date-from"
            value={form.dateStart ?? ''}
            onChange={(e) => actor.send({ type: 'dates.chosen', start: e.target.value || null, end: form.dateEnd })}
          />
        </label>
        <label className="field">
          <span>{t('findWork.dateTo')}</span>
          <input
            type="date"
            name="date-to"
            value={form.dateEnd ?? ''}
            min={form.dateStart ?? undefined}
            onChange={(e) => actor.send({ type: 'dates.chosen', start: form.dateStart, end: e.target.value || null })}
          />
        </label>
      </div>

      <details className="search-more">
        <summary>
          {t('findWork.categoriesAndFilters')}{' '}
          <span className="count-badge" aria-label={t('findWork.filterCount', { count: filters })}>
            {form.categories.length}/{ALL_CATEGORIES.length}
            {filters > 0 ? ` · ${filters}` : ''}
          </span>
        </summary>
        <fieldset
          className="category-list"
          aria-invalid={errors.categories || undefined}
          aria-describedby={errors.categories ? 'categories-error' : undefined}
        >
          <legend>{t('findWork.categories')}</legend>
          <div className="category-actions">
            <button
              type="button"
              className="link-button"
              onClick={() => actor.send({ type: 'categories.set', categories: ALL_CATEGORIES })}
            >
              {t('findWork.selectAll')}
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => actor.send({ type: 'categories.set', categories: [] })}
            >
              {t('findWork.selectNone')}
            </button>
          </div>
          <div className="checkbox-grid">
            {ALL_CATEGORIES.map((category) => (
              <label key={category} className="checkbox">
                <input
                  type="checkbox"
                  name="category"
                  value={category}
                  checked={form.categories.includes(category)}
                  onChange={() => actor.send({ type: 'category.toggled', category })}
                />
                {t(`category.${category}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="subfilter-groups">
          {FORM_FILTER_KEYS.map((filter) => (
            <fieldset key={filter} className="subfilter-group">
              <legend>{t(`subfilter.${filter}`)}</legend>
              {SUB_FILTER_VALUES[filter].map((value) => (
                <label key={value} className="checkbox">
                  <input
                    type="checkbox"
                    name={filter}
                    value={value}
                    checked={form.filters[filter]?.includes(value) ?? false}
                    onChange={() => actor.send({ type: 'subfilter.toggled', filter, value })}
                  />
                  {t(`subfilterValue.${value}`)}
                </label>
              ))}
            </fieldset>
          ))}
        </div>
      </details>
      {errors.categories ? (
        <p id="categories-error" className="field-error" role="alert">
          {t('findWork.error.categories')}
        </p>
      ) : null}

      <div className="search-submit">
        <button type="submit" className="button" disabled={!allowed} aria-busy={busy || undefined}>
          {t('findWork.search')}
        </button>
        {!allowed ? <span className="muted">{t('findWork.enterPlace')}</span> : null}
      </div>
    </form>
  );
}
