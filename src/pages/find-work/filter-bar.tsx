import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { sortOrderOf } from '@/machines/find-work/find-work.criteria';
import type { FindWorkActorRef } from '@/machines/find-work/find-work.machine';
import { activeCapacityRange, activeTab, activeTabState } from '@/machines/find-work/find-work.selectors';
import type { AllocationMethod, SortDirection } from '@/machines/find-work/find-work.types';
import { SORT_IDS, SUB_FILTER_VALUES, type SortId } from '@/schemas/search';

/**
 * The active tab's own controls (spec §4: each tab has its own filter toggles and sort values): sort, allocation
 * method (instant jobs and journeys have one), and the volume range of that kind of work. The recommended tab
 * sends only page, limit and type (spec §7), so it has none: its order is the match score, then date ascending.
 */
export function FilterBar({ actor }: { actor: FindWorkActorRef }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const tab = useSelector(actor, activeTab);
  const state = useSelector(actor, activeTabState);
  const range = useSelector(actor, activeCapacityRange);
  if (tab === 'recommended') return <p className="filter-bar muted">{t('findWork.recommendedHow')}</p>;
  const order = sortOrderOf(state.sort) ?? '';
  const capacity = state.toggles.capacity;

  return (
    <div className="filter-bar" role="group" aria-label={t('findWork.tabFilters')}>
      <label className="field sort-field">
        <span>{t('findWork.sortBy')}</span>
        <select
          name="sort"
          value={order}
          onChange={(e) => {
            const [, id, direction] = /^(.+)_(asc|desc)$/.exec(e.target.value) ?? [];
            if (id && direction)
              actor.send({ type: 'sort.selected', sort: id as SortId, direction: direction as SortDirection });
          }}
        >
          {SORT_IDS.flatMap((id) =>
            (['asc', 'desc'] as const).map((direction) => (
              <option key={`${id}_${direction}`} value={`${id}_${direction}`}>
                {t(`sort.${id}.${direction}`)}
              </option>
            )),
          )}
        </select>
      </label>
      {tab !== 'auction' ? (
        <fieldset className="toggle-group">
          <legend>{t('subfilter.allocation_method')}</legend>
          {SUB_FILTER_VALUES.allocation_method.map((method: AllocationMethod) => (
            <label key={method} className="toggle-chip">
              <input
                type="checkbox"
                name="allocation_method"
                value={method}
                checked={state.toggles.allocation_method.includes(method)}
                onChange={() => actor.send({ type: 'allocation.toggled', method })}
              />
              {t(`allocation.${method}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <fieldset className="capacity-group">
        <legend>{t('findWork.capacity')}</legend>
        {(['min', 'max'] as const).map((end) => (
          <label key={end} className="capacity-field">
            <span className="visually-hidden">{t(`findWork.capacity.${end}`)}</span>
            <input
              type="number"
              name={`capacity-${end}`}
              inputMode="numeric"
              min={range.min}
              max={range.max}
              step={1}
              // keyed by the value, so a value the machine clamped shows as clamped
              key={capacity[end]}
              defaultValue={capacity[end]}
              onBlur={(e) => {
                const value = Number(e.target.value);
                if (Number.isFinite(value) && value !== capacity[end])
                  actor.send({ type: 'capacity.chosen', capacity: { ...capacity, [end]: value } });
              }}
            />
          </label>
        ))}
        <span className="muted">m³</span>
      </fieldset>
    </div>
  );
}
