import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
});

// jsdom does not implement scrolling; the layout scrolls to the top on every page change.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
