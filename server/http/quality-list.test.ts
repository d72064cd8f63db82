import { describe, expect, it } from 'vitest';
import { qualityList } from './quality-list';

describe('qualityList', () => {
  it('reads each member with its weight, 1 when it has none, in the order written', () => {
    expect(qualityList('es-ES, en;q=0.8 ,*;q=0.1')).toEqual([
      { value: 'es-ES', q: 1, index: 0 },
      { value: 'en', q: 0.8, index: 1 },
      { value: '*', q: 0.1, index: 2 },
    ]);
  });

  it('finds the weight among other parameters, and keeps a weight that is not a number as NaN', () => {
    expect(qualityList('gzip;level=5;Q=0, br; q=abc')).toEqual([
      { value: 'gzip', q: 0, index: 0 },
      { value: 'br', q: NaN, index: 1 },
    ]);
  });

  it('is empty for no header or an empty one', () => {
    expect(qualityList(undefined)).toEqual([]);
    expect(qualityList('')).toEqual([]);
  });
});
