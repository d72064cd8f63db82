// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { suspendOn } from './suspend';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

function Value({ promise }: { promise: Promise<string> }) {
  return <p>value: {suspendOn(promise)}</p>;
}

const renderValue = (promise: Promise<string>) =>
  render(
    <Boundary>
      <Suspense fallback={<p>loading</p>}>
        <Value promise={promise} />
      </Suspense>
    </Boundary>,
  );

describe('suspendOn', () => {
  it('suspends while the promise is pending, then renders what it resolved to', async () => {
    const { promise, resolve } = deferred<string>();
    renderValue(promise);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => resolve('ready'));
    expect(screen.getByText('value: ready')).toBeTruthy();
  });

  it('throws a rejection to the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { promise, reject } = deferred<string>();
    renderValue(promise);
    await act(async () => reject(new Error('no layout')));
    expect(screen.getByText('failed: no layout')).toBeTruthy();
  });

  it('answers at once for a promise it has seen settle', async () => {
    const promise = Promise.resolve('known');
    expect(() => suspendOn(promise)).toThrow();
    await promise;
    await Promise.resolve();
    expect(suspendOn(promise)).toBe('known');
  });
});
