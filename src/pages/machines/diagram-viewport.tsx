import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';

/** Scale and offset of the drawing in the viewport: screen = drawing × scale + offset. */
interface View {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

export interface ViewportLabels {
  /** The focusable area, with the keys it understands. */
  readonly region: string;
  /** The SVG's text alternative. */
  readonly image: string;
  readonly zoomIn: string;
  readonly zoomOut: string;
  readonly fit: string;
}

export interface DiagramViewportProps {
  /** Size of the drawing in its own pixels. */
  readonly width: number;
  readonly height: number;
  /** Where the machine starts (its initial dot): a drawing too big to fit opens there. */
  readonly start?: { readonly x: number; readonly y: number } | undefined;
  readonly labels: ViewportLabels;
  /** A click on the background (not on a shape). */
  readonly onBackgroundClick: () => void;
  /** A simplified drawing (boxes only) for the overview shown while the drawing does not fit. */
  readonly overview: ReactNode;
  readonly children: ReactNode;
}

const MIN_SCALE = 0.1;
const MAX_SCALE = 4;
/**
 * A big machine opens no smaller than this (its 12 px labels at 8.4 px), from its left edge where it starts, with
 * the overview to find the rest, rather than whole and unreadable.
 */
const MIN_OPENING_SCALE = 0.7;
const OVERVIEW_WIDTH = 168;
const MARGIN = 16;
const STEP = 1.25;
/** A press that moved less than this is a click on a shape, not a drag. */
const DRAG_THRESHOLD = 4;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * The statechart's frame: fits the drawing on open, then zooms (wheel, pinch, buttons, + and −) around the pointer
 * or the centre, and pans (drag with a mouse or one finger, arrow keys). View state only: what is drawn comes in
 * as children, in drawing coordinates.
 */
export function DiagramViewport({
  width,
  height,
  start,
  labels,
  onBackgroundClick,
  overview,
  children,
}: DiagramViewportProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [view, setView] = useState<View | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const press = useRef<{ x: number; y: number; dragged: boolean } | null>(null);

  const fitted = useCallback(
    (w: number, h: number, opening = false): View => {
      const fit = clamp(Math.min((w - 2 * MARGIN) / width, (h - 2 * MARGIN) / height), MIN_SCALE, 1);
      if (!opening || fit >= MIN_OPENING_SCALE)
        return { scale: fit, x: (w - width * fit) / 2, y: (h - height * fit) / 2 };
      const scale = MIN_OPENING_SCALE;
      // the start a little in from the left, halfway down, without showing more than a margin beyond the drawing
      const x = start ? clamp(w / 8 - start.x * scale, w - MARGIN - width * scale, MARGIN) : MARGIN;
      const y = start ? clamp(h / 2 - start.y * scale, h - MARGIN - height * scale, MARGIN) : MARGIN;
      return { scale, x, y: height * scale < h ? (h - height * scale) / 2 : y };
    },
    [width, height, start],
  );

  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => setSize({ w: el.clientWidth, h: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // a new drawing (another machine) is fitted afresh; the frame changing size keeps the user's zoom
  useLayoutEffect(() => {
    const el = frame.current;
    if (el) setView(fitted(el.clientWidth, el.clientHeight, true));
  }, [fitted]);

  const zoomAt = useCallback((factor: number, px: number, py: number) => {
    setView((v) => {
      if (!v) return v;
      const scale = clamp(v.scale * factor, MIN_SCALE, MAX_SCALE);
      const k = scale / v.scale;
      return { scale, x: px - (px - v.x) * k, y: py - (py - v.y) * k };
    });
  }, []);
  const zoomCentre = (factor: number) => size && zoomAt(factor, size.w / 2, size.h / 2);
  const panBy = (dx: number, dy: number) => setView((v) => v && { ...v, x: v.x + dx, y: v.y + dy });
  const fit = () => size && setView(fitted(size.w, size.h));
  const actualSize = () => size && view && zoomAt(1 / view.scale, size.w / 2, size.h / 2);

  // React's onWheel is passive: the page would scroll as well as the drawing zoom
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = el.getBoundingClientRect();
      // a trackpad pinch arrives as a wheel with ctrlKey and small deltas; a mouse wheel as ±100 per notch
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      zoomAt(Math.exp(-delta * (event.ctrlKey ? 0.01 : 0.0015)), event.clientX - rect.left, event.clientY - rect.top);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoomAt]);

  const local = (event: PointerEvent) => {
    const rect = frame.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.current.set(event.pointerId, local(event));
    if (pointers.current.size === 1) press.current = { ...local(event), dragged: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const before = pointers.current.get(event.pointerId);
    if (!before) return;
    const now = local(event);
    if (press.current && !press.current.dragged) {
      if (Math.hypot(now.x - press.current.x, now.y - press.current.y) < DRAG_THRESHOLD) return;
      press.current.dragged = true;
      // captured only once it is a drag, so that a click still reaches the shape under the pointer
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId);
    pointers.current.set(event.pointerId, now);
    if (others.length === 0) {
      panBy(now.x - before.x, now.y - before.y);
    } else if (others.length === 1) {
      const other = others[0]![1];
      const was = Math.hypot(before.x - other.x, before.y - other.y);
      const is = Math.hypot(now.x - other.x, now.y - other.y);
      if (was > 0) zoomAt(is / was, (now.x + other.x) / 2, (now.y + other.y) / 2);
      panBy((now.x - before.x) / 2, (now.y - before.y) / 2);
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 160 : 40;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => panBy(step, 0),
      ArrowRight: () => panBy(-step, 0),
      ArrowUp: () => panBy(0, step),
      ArrowDown: () => panBy(0, -step),
      '+': () => zoomCentre(STEP),
      '=': () => zoomCentre(STEP),
      '-': () => zoomCentre(1 / STEP),
      _: () => zoomCentre(1 / STEP),
      '0': fit,
      '1': actualSize,
    };
    const action = keys[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action();
  };

  // the overview: where the frame looks, in drawing coordinates; a press or drag there centres the frame on it
  const seen = view &&
    size && { x: -view.x / view.scale, y: -view.y / view.scale, w: size.w / view.scale, h: size.h / view.scale };
  const fitsWhole = !seen || (seen.x <= 0 && seen.y <= 0 && seen.x + seen.w >= width && seen.y + seen.h >= height);
  // a quarter of a phone's frame at most
  const overviewWidth = Math.min(OVERVIEW_WIDTH, Math.round((size?.w ?? 0) / 4));
  const centreOn = (event: PointerEvent<SVGSVGElement>) => {
    if (event.type === 'pointermove' && event.buttons === 0) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const px = ((event.clientX - rect.left) / rect.width) * width;
    const py = ((event.clientY - rect.top) / rect.height) * height;
    setView((v) => v && size && { ...v, x: size.w / 2 - px * v.scale, y: size.h / 2 - py * v.scale });
  };

  const percent = Math.round((view?.scale ?? 1) * 100);
  return (
    <div className="diagram">
      <div className="diagram-toolbar">
        <button type="button" className="icon-button" onClick={() => zoomCentre(1 / STEP)} aria-label={labels.zoomOut}>
          <svg viewBox="0 0 20 20" aria-hidden="true">
            <path d="M4 10h12" />
          </svg>
        </button>
        <output className="zoom-level" aria-live="polite">
          {percent}%
        </output>
        <button type="button" className="icon-button" onClick={() => zoomCentre(STEP)} aria-label={labels.zoomIn}>
          <svg viewBox="0 0 20 20" aria-hidden="true">
            <path d="M4 10h12M10 4v12" />
          </svg>
        </button>
        <button type="button" className="text-button" onClick={fit}>
          {labels.fit}
        </button>
        <button type="button" className="text-button" onClick={actualSize}>
          100%
        </button>
      </div>
      <div
        ref={frame}
        className="diagram-frame"
        style={
          {
            '--aspect': (height / width).toFixed(4),
            '--opening-height': `${Math.round(height * MIN_OPENING_SCALE)}px`,
            '--full-height': `${Math.round(height)}px`,
          } as CSSProperties
        }
        tabIndex={0}
        role="region"
        aria-label={labels.region}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={(event) => {
          // the end of a drag is not a click on whatever the pointer was released over
          if (press.current?.dragged) event.stopPropagation();
          press.current = null;
        }}
        onClick={onBackgroundClick}
      >
        <svg className="diagram-svg" role="img" aria-label={labels.image} width="100%" height="100%">
          {view ? <g transform={`translate(${view.x} ${view.y}) scale(${view.scale})`}>{children}</g> : null}
        </svg>
        {fitsWhole ? null : (
          <svg
            className="diagram-overview"
            viewBox={`0 0 ${width} ${height}`}
            width={overviewWidth}
            height={Math.round((overviewWidth * height) / width)}
            aria-hidden="true"
            onPointerDown={(event) => {
              event.stopPropagation();
              event.currentTarget.setPointerCapture(event.pointerId);
              centreOn(event);
            }}
            onPointerMove={(event) => {
              event.stopPropagation();
              centreOn(event);
            }}
            onClick={(event) => event.stopPropagation()}
          >
            {overview}
            <rect className="overview-view" x={seen.x} y={seen.y} width={seen.w} height={seen.h} />
          </svg>
        )}
      </div>
    </div>
  );
}
