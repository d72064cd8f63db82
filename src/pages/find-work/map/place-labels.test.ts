import { describe, expect, it } from 'vitest';
import { boxAround, minTownPopulation, placeLabels, type LabelCandidate } from './place-labels';

const town = (text: string, lng: number, priority: number): LabelCandidate => ({
  key: text,
  text,
  lng,
  lat: 0,
  kind: 'town',
  priority,
});
// A projection where one degree of longitude is 10 px and every point is on the line y = 50.
const project = (lng: number) => ({ x: lng * 10, y: 50 });
const viewport = { width: 500, height: 100 };

describe('placeLabels', () => {
  it('puts the less important of two overlapping labels above its point, or leaves it out', () => {
    const placed = placeLabels([town('Salford', 20, 100), town('Manchester', 22, 400)], project, viewport, []);
    expect(placed.map((l) => [l.text, l.offset])).toEqual([
      ['Manchester', [0, 0]],
      ['Salford', [0, -20]],
    ]);
    const crowded = [
      town('Salford', 20, 100),
      town('Manchester', 22, 400),
      town('Eccles', 21, 50),
      town('Bury', 22, 1),
    ];
    expect(placeLabels(crowded, project, viewport, []).map((l) => l.text)).toEqual(['Manchester', 'Salford', 'Eccles']);
  });

  it('keeps both when they are apart', () => {
    const placed = placeLabels([town('Bolton', 10, 1), town('Stockport', 30, 2)], project, viewport, []);
    expect(placed.map((l) => l.text)).toEqual(['Stockport', 'Bolton']);
  });

  it('leaves out a label that would cover a marker or not fit in the view', () => {
    // A marker as tall as the view: no room above or below it either.
    const marker = boxAround(100, 50, 16, 50);
    const placed = placeLabels([town('Wigan', 10, 1), town('Leeds', 49, 1), town('Bury', 25, 1)], project, viewport, [
      marker,
    ]);
    expect(placed.map((l) => l.text)).toEqual(['Bury']);
  });
});

describe('minTownPopulation', () => {
  it('names towns of 50,000 from zoom 8 and only the largest cities further out', () => {
    expect(minTownPopulation(9)).toBe(50_000);
    expect(minTownPopulation(8)).toBe(50_000);
    expect(minTownPopulation(7)).toBe(200_000);
    expect(minTownPopulation(6)).toBe(800_000);
  });
});
