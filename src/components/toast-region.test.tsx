// @vitest-environment jsdom
import { useActorRef, useSelector } from '@xstate/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en.json';
import { toastsMachine } from '@/machines/toasts/toasts.machine';
import { toastsOf } from '@/machines/toasts/toasts.selectors';
import type { ActorRefFrom } from 'xstate';
import { ToastRegion, type ToastItem } from './toast-region';

const saved: ToastItem = { id: 'toast-1', tone: 'success', title: 'Cancellation successful', text: null };
const failed: ToastItem = {
  id: 'toast-2',
  tone: 'danger',
  title: 'Unable to cancel this reservation',
  text: 'The reservation has started.\nCall us to cancel it.',
};

function renderRegion(toasts: readonly ToastItem[]) {
  const handlers = { onDismiss: vi.fn(), onPause: vi.fn(), onResume: vi.fn() };
  const view = render(
    <IntlProvider locale="en-GB" messages={en}>
      <button type="button">Elsewhere</button>
      <ToastRegion toasts={toasts} {...handlers} />
    </IntlProvider>,
  );
  const rerender = (next: readonly ToastItem[]) =>
    view.rerender(
      <IntlProvider locale="en-GB" messages={en}>
        <button type="button">Elsewhere</button>
        <ToastRegion toasts={next} {...handlers} />
      </IntlProvider>,
    );
  return { ...handlers, rerender };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ToastRegion', () => {
  it('keeps both live regions in the page, empty, so that screen readers announce what is added', () => {
    renderRegion([]);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByTestId('toasts-assertive').getAttribute('aria-live')).toBe('assertive');
    expect(within(region).getByTestId('toasts-polite').getAttribute('aria-live')).toBe('polite');
    // no role=alert or role=status of their own: the page's own alerts stay the only ones
    expect(within(region).queryByRole('alert')).toBeNull();
    expect(within(region).queryByRole('status')).toBeNull();
    expect(within(region).queryAllByTestId('toast')).toHaveLength(0);
  });

  it('announces danger toasts assertively and the others politely, each with its text', () => {
    renderRegion([saved, failed]);
    const alert = screen.getByTestId('toasts-assertive');
    const status = screen.getByTestId('toasts-polite');
    expect(alert.getAttribute('aria-atomic')).toBe('false');
    expect(within(alert).getByText('Unable to cancel this reservation')).toBeTruthy();
    // server messages joined by new lines keep their lines (white-space: pre-line)
    expect(alert.querySelector('.toast-text')?.textContent).toBe('The reservation has started.\nCall us to cancel it.');
    expect(within(status).getByText('Cancellation successful')).toBeTruthy();
    expect(within(status).queryByText('Unable to cancel this reservation')).toBeNull();
  });

  it('names each dismiss button and ties it to its toast, and dismisses by click or Escape', () => {
    const { onDismiss } = renderRegion([saved, failed]);
    const buttons = screen.getAllByRole('button', { name: 'Dismiss notification' });
    expect(buttons).toHaveLength(2);
    // danger first, then the others
    expect(buttons.map((b) => document.getElementById(b.getAttribute('aria-describedby')!)?.textContent)).toEqual([
      'Unable to cancel this reservation',
      'Cancellation successful',
    ]);
    fireEvent.click(buttons[1]!);
    expect(onDismiss).toHaveBeenLastCalledWith('toast-1');
    fireEvent.keyDown(buttons[0]!, { key: 'Escape' });
    expect(onDismiss).toHaveBeenLastCalledWith('toast-2');
  });

  it('moves focus to the next toast when the focused one is dismissed', () => {
    const { rerender } = renderRegion([saved, failed]);
    const [first] = screen.getAllByRole('button', { name: 'Dismiss notification' });
    act(() => first!.focus());
    fireEvent.click(first!);
    rerender([saved]);
    expect(document.activeElement?.getAttribute('aria-describedby')).toBe('toast-1-title');
  });

  it('pauses while pointed at or focused, and resumes only when both have left', () => {
    const { onPause, onResume } = renderRegion([saved]);
    const region = screen.getByRole('region', { name: 'Notifications' });
    const dismiss = screen.getByRole('button', { name: 'Dismiss notification' });
    fireEvent.pointerEnter(region);
    expect(onPause).toHaveBeenCalledTimes(1);
    act(() => dismiss.focus());
    fireEvent.pointerLeave(region);
    expect(onResume).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    expect(onResume).toHaveBeenCalledTimes(1);
    expect(onPause).toHaveBeenCalledTimes(1);
  });
});

describe('ToastRegion with the toasts machine', () => {
  let actor: ActorRefFrom<typeof toastsMachine> | null = null;
  function Connected() {
    const toasts = useActorRef(toastsMachine);
    actor = toasts;
    return (
      <ToastRegion
        toasts={useSelector(toasts, toastsOf)}
        onDismiss={(id) => toasts.send({ type: 'toast.dismissed', id })}
        onPause={() => toasts.send({ type: 'toast.paused' })}
        onResume={() => toasts.send({ type: 'toast.resumed' })}
      />
    );
  }

  it('shows a toast, keeps it while pointed at, and lets it go 5 s after the pointer leaves', () => {
    vi.useFakeTimers();
    render(
      <IntlProvider locale="en-GB" messages={en}>
        <Connected />
      </IntlProvider>,
    );
    act(() => actor!.send({ type: 'toast.shown', tone: 'success', title: 'Interest expressed' }));
    expect(within(screen.getByTestId('toasts-polite')).getByText('Interest expressed')).toBeTruthy();
    fireEvent.pointerEnter(screen.getByRole('region', { name: 'Notifications' }));
    act(() => void vi.advanceTimersByTime(20_000));
    expect(screen.queryByText('Interest expressed')).not.toBeNull();
    fireEvent.pointerLeave(screen.getByRole('region', { name: 'Notifications' }));
    act(() => void vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Interest expressed')).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText('Interest expressed')).toBeNull();
  });

  it('takes a toast away when its dismiss button is pressed', () => {
    render(
      <IntlProvider locale="en-GB" messages={en}>
        <Connected />
      </IntlProvider>,
    );
    act(() => actor!.send({ type: 'toast.shown', tone: 'danger', title: 'Transaction failed!' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Transaction failed!')).toBeNull();
    expect(actor!.getSnapshot().value).toBe('idle');
  });
});
