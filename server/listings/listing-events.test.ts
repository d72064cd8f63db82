import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListingEventBus, type TakenListing } from '@/server/listings/listing-events';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ListingEventBus', () => {
  it('hands each event to every listener, in order, until it unsubscribes', () => {
    const bus = new ListingEventBus();
    const first: TakenListing[] = [];
    const second: TakenListing[] = [];
    const stopFirst = bus.subscribe((event) => first.push(event));
    bus.subscribe((event) => second.push(event));
    expect(bus.size).toBe(2);

    bus.publish({ id: 1, kind: 'instant' });
    stopFirst();
    bus.publish({ id: 2, kind: 'journey' });

    expect(first).toEqual([{ id: 1, kind: 'instant' }]);
    expect(second).toEqual([
      { id: 1, kind: 'instant' },
      { id: 2, kind: 'journey' },
    ]);
    expect(bus.size).toBe(1);
    stopFirst();
    expect(bus.size).toBe(1);
  });

  it('keeps delivering when one listener throws', () => {
    const bus = new ListingEventBus();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const heard: TakenListing[] = [];
    bus.subscribe(() => {
      throw new Error('broken stream');
    });
    bus.subscribe((event) => heard.push(event));
    bus.publish({ id: 3, kind: 'auction' });
    expect(heard).toEqual([{ id: 3, kind: 'auction' }]);
    expect(logged).toHaveBeenCalledOnce();
  });

  it('lets a listener unsubscribe while an event is being delivered', () => {
    const bus = new ListingEventBus();
    const heard: number[] = [];
    const stop = bus.subscribe(() => {
      heard.push(1);
      stop();
    });
    bus.subscribe(() => heard.push(2));
    bus.publish({ id: 4, kind: 'instant' });
    bus.publish({ id: 5, kind: 'instant' });
    expect(heard).toEqual([1, 2, 2]);
  });
});
