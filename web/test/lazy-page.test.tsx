import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageBoundary } from '../src/components/layout/PageBoundary';
import { lazyPage } from '../src/lib/lazy-page';

afterEach(() => {
  vi.restoreAllMocks();
});

function Greeting() {
  return <h1>Hello</h1>;
}

describe('lazyPage', () => {
  it('loads the page on first render, behind the boundary spinner, and only once', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const Page = lazyPage(load, (module) => module.Greeting);
    const { unmount } = render(
      <PageBoundary resetKey="/a">
        <Page />
      </PageBoundary>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect((await screen.findByRole('heading')).textContent).toBe('Hello');
    unmount();

    render(
      <PageBoundary resetKey="/a">
        <Page />
      </PageBoundary>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Hello');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without suspending, once preloaded', async () => {
    const Page = lazyPage(
      async () => ({ Greeting }),
      (module) => module.Greeting,
    );
    await Page.preload();
    render(
      <PageBoundary resetKey="/a">
        <Page />
      </PageBoundary>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Hello');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows "This page could not be loaded" with Reload when the code cannot be fetched, and clears it on another path', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Page = lazyPage(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      () => Greeting,
    );
    const { rerender } = render(
      <PageBoundary resetKey="/a">
        <Page />
      </PageBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();

    rerender(
      <PageBoundary resetKey="/b">
        <p>Another page</p>
      </PageBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Another page')).toBeTruthy();
  });
});
