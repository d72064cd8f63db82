import { Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the viewport yet; once true it stays true. A page that puts a heavy
 * part below the fold (the results map under the feed on a phone) renders it only when the partner scrolls towards
 * it, so the first visit neither downloads nor starts it. Where IntersectionObserver is missing, it is true at once.
 */
function useNearViewport(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}

/**
 * A box (`className`) that shows `fallback` until it comes near the viewport, then `children` in a Suspense boundary
 * with the same fallback: for a lazily imported heavy part such as a map.
 */
export function WhenNearViewport({
  className,
  fallback,
  children,
}: {
  className: string;
  fallback: ReactNode;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <div className={className} ref={box}>
      {near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}
    </div>
  );
}
