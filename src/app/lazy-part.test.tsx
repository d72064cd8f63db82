// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en.json';
import { lazyPart } from './lazy-part';

afterEach(cleanup);

function Feed({ rows }: { rows: readonly string[] }) {
  return (
    <ul aria-label="Results">
      {rows.map((row) => (
        <li key={row}>{row}</li>
      ))}
    </ul>
  );
}

/** The error a browser gives for a chunk it cannot fetch (chunk-reload.ts). */
const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /tpp/assets/results-list.js');

/** A load the test settles: the part's code "arrives" when `arrive` is called. */
function controlledLoad() {
  const calls: { resolve: (c: typeof Feed) => void; reject: (e: unknown) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<typeof Feed>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { load, calls };
}

const inIntl = (node: React.ReactNode) => (
  <IntlProvider locale="en-GB" messages={en}>
    {node}
  </IntlProvider>
);

describe('lazyPart', () => {
  it('shows the loading state until its code arrives, then the part with its props', async () => {
    const { load, calls } = controlledLoad();
    const Part = lazyPart(load);
    render(inIntl(<Part rows={['Leeds to York']} />));
    expect(screen.getByRole('status').textContent).toContain('Loading');
    calls[0]!.resolve(Feed);
    expect((await screen.findByRole('listitem')).textContent).toContain('Leeds to York');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('fetches its code once however often it is preloaded and rendered', async () => {
    const { load, calls } = controlledLoad();
    const Part = lazyPart(load);
    expect(load).not.toHaveBeenCalled();
    Part.preload();
    Part.preload();
    render(inIntl(<Part rows={['a']} />));
    calls[0]!.resolve(Feed);
    await screen.findByRole('listitem');
    Part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a preload that fails is not an unhandled rejection, and the render asks again', async () => {
    const { load, calls } = controlledLoad();
    const Part = lazyPart(load);
    Part.preload();
    calls[0]!.reject(chunkError());
    await Promise.resolve();
    render(inIntl(<Part rows={['a']} />));
    expect(load).toHaveBeenCalledTimes(2);
    calls[1]!.resolve(Feed);
    expect((await screen.findByRole('listitem')).textContent).toContain('a');
  });

  it('code that cannot be fetched fails alone, with a retry that fetches it anew', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { load, calls } = controlledLoad();
    const Part = lazyPart(load);
    render(
      inIntl(
        <>
          <h1>Find work</h1>
          <Part rows={['a']} />
        </>,
      ),
    );
    calls[0]!.reject(chunkError());
    expect((await screen.findByRole('alert')).textContent).toContain('This part of the page could not be shown.');
    expect(screen.getByRole('heading', { name: 'Find work' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toBeTruthy();
    calls[1]!.resolve(Feed);
    expect((await screen.findByRole('listitem')).textContent).toContain('a');
    expect(screen.queryByRole('alert')).toBeNull();
    vi.restoreAllMocks();
  });

  it('an error that is not a failed fetch goes on up to the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Part = lazyPart((): Promise<typeof Feed> => Promise.reject(new Error('broken module')));
    const { ComponentErrorBoundary } = await import('./error-boundaries');
    render(
      inIntl(
        <ComponentErrorBoundary>
          <Part rows={[]} />
        </ComponentErrorBoundary>,
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('This part of the page could not be shown.');
    // the page's boundary, not the part's: its way out is home, not a retry
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    vi.restoreAllMocks();
  });
});
