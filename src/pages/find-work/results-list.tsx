import { elementScroll, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Listing } from '@/schemas/search';
import { useFormatters } from '@/src/app/use-formatters';
import { ListingCard } from './listing-card';

/** Rows rendered beyond the visible ones, each way; the next page is asked for this close to the end. */
const OVERSCAN = 6;
const NEAR_END = 5;
/** A card's height before it is measured. */
const ESTIMATED_ROW = 132;

/**
 * The scroller's size, for the virtualiser: from a ResizeObserver only. The virtualiser's own observer also reads the
 * size at once when it attaches, in React's commit, which forces a layout of the whole page there; until the observer
 * reports, after the browser's layout, the size from CSS (`initialRect`) stands in.
 */
const observeScrollerRect = (v: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) => {
  const element = v.scrollElement;
  if (!element) return;
  const observer = new ResizeObserver(() => cb({ width: element.clientWidth, height: element.clientHeight }));
  observer.observe(element);
  return () => observer.disconnect();
};

/**
 * Scrolling the scroller, for the virtualiser. Its first call comes as it attaches to a new scroller, inside React's
 * commit, to put the scroller where it already is: at the top. Writing that would force a layout of the whole page
 * there, so the first write of 0 to a scroller is skipped; every other goes through.
 */
const attached = new WeakSet<Element>();
const scrollScroller: typeof elementScroll<HTMLDivElement> = (offset, options, v) => {
  const element = v.scrollElement;
  if (element && !attached.has(element)) {
    attached.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, v);
};

/**
 * A row's height, for the virtualiser. From the ResizeObserver that watches each row, after the browser's own layout.
 * When a row is first attached its ref asks too, inside React's commit: reading its height there would force a layout
 * of the whole page in the commit's task (on a slow phone, the longest task of the page's start), so the answer is
 * the height already known or the estimate. The rows sit in the flow, one under the other, so until the observer
 * reports, a wrong estimate shifts nothing on screen: only the feed's total height is briefly off.
 */
const rowHeight = (
  element: Element,
  entry: ResizeObserverEntry | undefined,
  v: Virtualizer<HTMLDivElement, Element>,
) => {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  return v.measurementsCache[v.indexFromElement(element)]?.size ?? ESTIMATED_ROW;
};

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
    estimateSize: () => ESTIMATED_ROW,
    measureElement: rowHeight,
    initialRect: firstRect,
    observeElementRect: observeScrollerRect,
    scrollToFn: scrollScroller,
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
        <div className="results-window" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
          {items.map((item) => {
            const listing = rows[item.index]!;
            return (
              <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="results-row">
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
