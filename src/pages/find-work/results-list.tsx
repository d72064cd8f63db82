import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Listing } from '@/schemas/search';
import { useFormatters } from '@/src/app/use-formatters';
import { ListingCard } from './listing-card';

/** Rows rendered beyond the visible ones, each way; the next page is asked for this close to the end. */
const OVERSCAN = 6;
const NEAR_END = 5;

/**
 * The scroller's size before it is measured, from its CSS (`.results-scroller`: min(72vh, 56rem)): the first render
 * then already holds the rows in view, instead of none and a second, synchronous render once the box is measured.
 */
const initialRect = () => {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return { width: 0, height: Math.min(window.innerHeight * 0.72, 56 * rem) };
};

/**
 * The active tab's results as a feed: virtualised (only the visible cards are in the page, so a list of
 * thousands scrolls smoothly), asking for the next page as the partner nears its end.
 */
export function ResultsList({
  rows,
  total,
  taken,
  loadingMore,
  complete,
  onEndReached,
  onHover,
  selected,
  onToggleSelect,
}: {
  rows: readonly Listing[];
  total: number | null;
  taken: readonly string[];
  loadingMore: boolean;
  complete: boolean;
  onEndReached: () => void;
  onHover: (id: Listing['id'] | null) => void;
  /** Journeys ticked for one expression of interest (journey tab), and how to tick one. */
  selected?: readonly number[];
  onToggleSelect?: (id: Listing['id']) => void;
}) {
  const intl = useIntl();
  const fmt = useFormatters();
  const scroller = useRef<HTMLDivElement>(null);
  const [firstRect] = useState(initialRect);
  const takenSet = new Set(taken);
  // Stable while the rows are: the virtualiser recomputes every row's offset whenever this function changes.
  const itemKey = useCallback((index: number) => `${rows[index]!.kind}:${rows[index]!.id}`, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 132,
    initialRect: firstRect,
    overscan: OVERSCAN,
    getItemKey: itemKey,
    // Scrolling renders the new window through React's scheduler, not synchronously inside each scroll event: a fling
    // then never stacks a render, a layout and a paint into one long task; the overscan covers the frame it waits.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (!complete && rows.length > 0 && lastIndex >= rows.length - NEAR_END) onEndReached();
  }, [lastIndex, rows.length, complete, onEndReached]);

  return (
    <div className="results-scroller" ref={scroller} tabIndex={-1} data-testid="results-scroller">
      <div
        role="feed"
        aria-busy={loadingMore}
        aria-label={intl.formatMessage({ id: 'findWork.results' })}
        className="results-feed"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const listing = rows[item.index]!;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="results-row"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <ListingCard
                listing={listing}
                taken={takenSet.has(`${listing.kind}:${listing.id}`)}
                fmt={fmt}
                position={item.index + 1}
                size={total ?? -1}
                onHover={onHover}
                selected={selected?.includes(listing.id) ?? false}
                {...(onToggleSelect ? { onToggleSelect } : {})}
              />
            </div>
          );
        })}
      </div>
      <p className="results-end muted" role="status">
        {loadingMore
          ? intl.formatMessage({ id: 'findWork.loadingMore' })
          : complete && rows.length > 0
            ? intl.formatMessage({ id: 'findWork.end' }, { count: rows.length })
            : ''}
      </p>
    </div>
  );
}
