// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { createActor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en.json';
import { connectivityMachine } from '@/machines/connectivity/connectivity.machine';

const toasts = { send: vi.fn() };
const connectivity = createActor(connectivityMachine, { input: { online: false } }).start();
vi.mock('./root-actors', () => ({ useToasts: () => toasts, useConnectivityActor: () => connectivity }));
const { lazyDialog } = await import('./lazy-dialog');

afterEach(() => {
  cleanup();
  toasts.send.mockClear();
});

const chunkGone = () => new TypeError('Failed to fetch dynamically imported module: /tpp/assets/upload-dialog-x.js');

function Shown({ text }: { text: string }) {
  return <p>dialog: {text}</p>;
}

const inEnglish = (node: ReactNode) =>
  render(
    <IntlProvider locale="en-GB" messages={en}>
      {node}
    </IntlProvider>,
  );

describe('lazyDialog', () => {
  it('offline, a chunk that does not load gives the toast and closes; the next opening loads it again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Shown }>>()
      .mockRejectedValueOnce(chunkGone())
      .mockResolvedValue({ default: Shown });
    const Dialog = lazyDialog(load);
    const closed = vi.fn();
    const first = inEnglish(<Dialog text="upload" onUnavailable={closed} />);
    await act(async () => {});
    expect(closed).toHaveBeenCalledTimes(1);
    expect(toasts.send).toHaveBeenCalledWith({
      type: 'toast.shown',
      tone: 'danger',
      title: 'You are offline: this opens once you are back online.',
    });
    expect(screen.queryByText(/dialog:/)).toBeNull();
    first.unmount();

    inEnglish(<Dialog text="upload" onUnavailable={closed} />);
    expect(await screen.findByText('dialog: upload')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('lets any other error go up to the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Dialog = lazyDialog(() => Promise.reject(new Error('kaput')));
    const closed = vi.fn();
    let caught: unknown = null;
    class Page extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override componentDidCatch(error: unknown) {
        caught = error;
      }
      override render() {
        return this.state.failed ? <p>page error</p> : this.props.children;
      }
    }
    inEnglish(
      <Page>
        <Dialog text="x" onUnavailable={closed} />
      </Page>,
    );
    expect(await screen.findByText('page error')).toBeTruthy();
    expect((caught as Error).message).toBe('kaput');
    expect(closed).not.toHaveBeenCalled();
    expect(toasts.send).not.toHaveBeenCalled();
  });
});
