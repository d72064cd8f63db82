import { startTransition, useDeferredValue, useEffect, useState } from 'react';

/**
 * `value`, deferred, with `initial` on the first render: the page mounts showing `initial` (a light placeholder), then
 * renders `value` in a transition, which React splits into slices between frames. React 19's
 * `useDeferredValue(value, initial)`; React 18's `useDeferredValue` has no initial value, so the first render here is
 * committed before the deferred one starts.
 */
export function useDeferred<T>(value: T, initial: T): T {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  const deferred = useDeferredValue(value);
  return mounted ? deferred : initial;
}
