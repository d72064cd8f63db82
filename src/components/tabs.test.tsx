// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TabPanel, Tabs } from './tabs';

const TABS = [
  { id: 'instant', label: 'Instant' },
  { id: 'auction', label: 'Auction' },
  { id: 'journey', label: 'Journey' },
] as const;

function Page({ selected, onSelect }: { selected: (typeof TABS)[number]['id']; onSelect(id: string): void }) {
  return (
    <Tabs label="Results" tabs={TABS} selected={selected} onSelect={onSelect}>
      {TABS.map((tab) => (
        <TabPanel key={tab.id} id={tab.id}>
          {`${tab.label} results`}
        </TabPanel>
      ))}
    </Tabs>
  );
}

describe('the portal tabs', () => {
  afterEach(cleanup);

  it('are a named tab list whose selected tab names the one panel drawn', () => {
    render(<Page selected="auction" onSelect={vi.fn()} />);
    expect(screen.getByRole('tablist', { name: 'Results' })).toBeTruthy();
    const auction = screen.getByRole('tab', { name: 'Auction' });
    expect(auction.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Instant' }).getAttribute('aria-selected')).toBe('false');
    const panels = screen.getAllByRole('tabpanel');
    expect(panels).toHaveLength(1);
    expect(panels[0]!.textContent).toBe('Auction results');
    expect(panels[0]!.getAttribute('aria-labelledby')).toBe(auction.id);
    // Tab enters the list at the selected tab; the arrow keys move within it
    expect(screen.getByRole('tab', { name: 'Journey' }).getAttribute('tabindex')).toBe('-1');
    act(() => screen.getByRole('tablist').focus());
    expect(document.activeElement).toBe(auction);
  });

  it('choose with the arrow keys as the focus moves, and End goes to the last', async () => {
    const onSelect = vi.fn();
    render(<Page selected="instant" onSelect={onSelect} />);
    const instant = screen.getByRole('tab', { name: 'Instant' });
    act(() => instant.focus());
    // Radix moves the focus on the next tick
    fireEvent.keyDown(instant, { key: 'ArrowRight' });
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Auction' })));
    expect(onSelect).toHaveBeenLastCalledWith('auction');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await vi.waitFor(() => expect(onSelect).toHaveBeenLastCalledWith('journey'));
  });

  it('leave the choice to the page: a press reports the tab, the page says which is selected', () => {
    const onSelect = vi.fn();
    render(<Page selected="instant" onSelect={onSelect} />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Journey' }), { button: 0 });
    expect(onSelect).toHaveBeenCalledWith('journey');
    expect(screen.getByRole('tab', { name: 'Instant' }).getAttribute('aria-selected')).toBe('true');
  });
});
