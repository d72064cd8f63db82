// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDeferred } from './use-deferred';

afterEach(cleanup);

describe('useDeferred', () => {
  it('renders the initial value first, then the value, and follows later values', async () => {
    const seen: boolean[] = [];
    function Page({ loading }: { loading: boolean }) {
      const shown = useDeferred(loading, true);
      seen.push(shown);
      return <p>{shown ? 'placeholder' : 'page'}</p>;
    }
    const { rerender } = render(<Page loading={false} />);
    expect(seen[0]).toBe(true);
    expect(await screen.findByText('page')).toBeTruthy();
    await act(async () => rerender(<Page loading={true} />));
    expect(screen.getByText('placeholder')).toBeTruthy();
    await act(async () => rerender(<Page loading={false} />));
    expect(screen.getByText('page')).toBeTruthy();
  });
});
