import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useApiData } from '../src/lib/use-api-data';

type TPending = { key: string; signal: AbortSignal; resolve: (value: string) => void; reject: (error: Error) => void };

function Loader({ name, pending, isTransition }: { name: string; pending: TPending[]; isTransition: boolean }) {
  const data = useApiData(
    (signal) => new Promise<string>((resolve, reject) => pending.push({ key: name, signal, resolve, reject })),
    [name],
    { isTransition },
  );
  return (
    <>
      <p data-testid="status">{data.status === 'loaded' ? `loaded ${data.data}` : data.status}</p>
      <button type="button" onClick={data.retry}>
        Retry
      </button>
    </>
  );
}

describe('useApiData', () => {
  // As a transition too: what an answer brings is then rendered in slices (the results page's long history).
  it.each([false, true])(
    'loads, aborts and drops a request the key no longer wants, and loads again on retry (transition: %s)',
    async (isTransition) => {
      const pending: TPending[] = [];
      const { rerender } = render(<Loader name="first" pending={pending} isTransition={isTransition} />);
      expect(screen.getByTestId('status').textContent).toBe('loading');

      rerender(<Loader name="second" pending={pending} isTransition={isTransition} />);
      const first = pending.find((request) => request.key === 'first' && !request.signal.aborted);
      expect(first).toBeUndefined();
      await act(async () =>
        pending.filter((request) => request.key === 'first').forEach((request) => request.resolve('stale')),
      );
      expect(screen.getByTestId('status').textContent).toBe('loading');

      await act(async () => pending.at(-1)?.reject(new Error('down')));
      expect(screen.getByTestId('status').textContent).toBe('failed');

      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(screen.getByTestId('status').textContent).toBe('loading');
      await act(async () => pending.at(-1)?.resolve('fresh'));
      expect(screen.getByTestId('status').textContent).toBe('loaded fresh');
    },
  );
});
