import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, ok, renderApp } from './support';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the platform's figures on /garages (issue 26)", () => {
  it('shows only the counts records answers, marked as computed, with their period', async () => {
    mockApi({
      'GET platform-figures': ok({
        garagesSubscribed: 1,
        servicesLogged: 1234,
        vehiclesServiced: 987,
        period: { from: '2025-11-26', to: '2026-11-25' },
        countedAt: '2026-11-25T10:00:00.000Z',
      }),
    });
    renderApp('/garages');
    const figures = await screen.findByRole('region', { name: 'The platform in figures' });
    expect(
      within(figures)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1garage subscribed now', '1,234services logged', '987vehicles serviced']);
    expect(figures.textContent).toContain('service dates from 26 November 2025 to 25 November 2026');
    const computed = [...figures.querySelectorAll('[data-computed]')].map((element) => element.textContent);
    expect(computed).toEqual(['1', '1,234', '987', '26 November 2025', '25 November 2026']);
  });

  it('states no figure when they cannot be had', async () => {
    mockApi({ 'GET platform-figures': failure(503, 'service_unavailable', 'Service unavailable') });
    renderApp('/garages');
    await screen.findByRole('heading', { level: 1, name: 'Turn every service into proof of your good work' });
    await screen.findByRole('region', { name: 'Are you a garage owner?' });
    expect(screen.queryByRole('region', { name: 'The platform in figures' })).toBeNull();
    expect(screen.getByRole('main').textContent).not.toMatch(/\d\s?%/);
  });
});
