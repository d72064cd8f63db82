type Settled = { readonly value: unknown } | { readonly reason: unknown } | { readonly pending: Promise<void> };

const settled = new WeakMap<Promise<unknown>, Settled>();

/**
 * What `promise` resolved to, for a component under `<Suspense>`: while it is pending the component suspends (the
 * promise is thrown, React renders the fallback and tries again when it settles); a rejection is thrown to the nearest
 * error boundary. React 19's `use(promise)` does the same; React 18 has no `use`. The promise must be the same object
 * from render to render (the machines page keeps one per file).
 */
export function suspendOn<T>(promise: Promise<T>): T {
  let state = settled.get(promise);
  if (!state) {
    const pending = promise.then(
      (value) => void settled.set(promise, { value }),
      (reason: unknown) => void settled.set(promise, { reason }),
    );
    state = { pending };
    settled.set(promise, state);
  }
  if ('value' in state) return state.value as T;
  if ('reason' in state) throw state.reason;
  throw state.pending;
}
