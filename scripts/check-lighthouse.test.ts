import { describe, expect, it } from 'vitest';
import { medianFigures, missingPage, shortfalls } from './check-lighthouse.js';
import { median } from './median.js';
import { garageProfilePath, lighthousePages, slugOf } from './lighthouse-pages.js';

describe('check:lighthouse', () => {
  it('measures the five pages of issue 26, the garage profile being the demo garage', () => {
    expect(lighthousePages({}).map((page) => page.path)).toEqual([
      '/',
      '/lookup',
      '/vehicle-results?reg=AD61HCX',
      '/garages/find',
      '/garages/hartley-motors-ltd',
    ]);
    expect(garageProfilePath({ LIGHTHOUSE_GARAGE_PATH: '/garages/hartley-motors' })).toBe('/garages/hartley-motors');
    expect(slugOf(' Smith & Sons (Leeds) Ltd. ')).toBe('smith-sons-leeds-ltd');
  });

  it('checks the median of the runs, so one slow run does not fail a page and one fast run does not pass it', () => {
    expect(median([74, 54, 91])).toBe(74);
    expect(median([92, 95])).toBe(92);
    const figures = medianFigures([
      { performance: 95, accessibility: 100, lcpMs: 1900, cls: 0 },
      { performance: 60, accessibility: 100, lcpMs: 4200, cls: 0.3 },
      { performance: 91, accessibility: 100, lcpMs: 2100, cls: 0 },
    ]);
    expect(figures).toEqual({ performance: 91, accessibility: 100, lcpMs: 2100, cls: 0 });
    expect(shortfalls(figures)).toEqual([]);
    expect(shortfalls({ ...figures, performance: 89, accessibility: 96 })).toEqual([
      'performance 89 < 90',
      'accessibility 96 < 100',
    ]);
    expect(shortfalls({ ...figures, performance: Number.NaN })).toEqual(['performance NaN < 90']);
  });

  it('says a page is missing when it answers 404, or when the web app sends the visitor elsewhere', () => {
    const page = { name: 'Find a garage', path: '/garages/find' };
    expect(missingPage(page, 404, undefined)).toMatch(/answered 404/);
    expect(missingPage(page, 200, 'http://127.0.0.1:18080/')).toMatch(/ended at \/: the web app has no such page/);
    expect(missingPage(page, 200, 'http://127.0.0.1:18080/garages/find')).toBeNull();
    const results = { name: 'Results', path: '/vehicle-results?reg=AD61HCX' };
    expect(missingPage(results, 200, 'http://127.0.0.1:18080/vehicle-results?reg=AD61HCX')).toBeNull();
  });
});
