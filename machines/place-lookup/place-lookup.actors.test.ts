import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { lookUpPlaces as requestPlaces } from '@/src/api/places';
import { lookUpPlaces } from './place-lookup.actors';

vi.mock('@/src/api/places', () => ({ lookUpPlaces: vi.fn(() => new Promise(() => {})) }));

afterEach(() => vi.mocked(requestPlaces).mockClear());

describe('lookUpPlaces actor', () => {
  it('asks the API for the text with the invoke’s abort signal, which stopping the actor aborts', () => {
    const actor = createActor(lookUpPlaces, { input: { q: 'Man' } }).start();
    expect(requestPlaces).toHaveBeenCalledTimes(1);
    const [q, signal] = vi.mocked(requestPlaces).mock.calls[0]!;
    expect(q).toBe('Man');
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });
});
