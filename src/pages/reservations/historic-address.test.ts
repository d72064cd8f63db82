import { describe, expect, it } from 'vitest';
import { historicAddress, pageFromSearch } from './historic-address';

describe('the historic page in the address', () => {
  it('reads a whole page number from 1, and page 1 from anything else', () => {
    expect(['?page=2', 'page=17', '?order=x&page=3', '?page=100000'].map(pageFromSearch)).toEqual([2, 17, 3, 100_000]);
    expect(
      ['', '?page=', '?page=0', '?page=-2', '?page=2.5', '?page=abc', '?page=100001', '?page=1e3'].map(pageFromSearch),
    ).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('writes page 1 without a parameter, and reads back what it wrote', () => {
    expect(historicAddress(1)).toBe('/reservations/historic');
    expect(historicAddress(4)).toBe('/reservations/historic?page=4');
    for (const page of [1, 2, 9, 250]) expect(pageFromSearch(historicAddress(page).split('?')[1] ?? '')).toBe(page);
  });
});
