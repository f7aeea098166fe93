import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useApiData } from '../src/lib/use-api-data';

type TPending = { key: string; signal: AbortSignal; resolve: (value: string) => void; reject: (error: Error) => void };

function Loader({ name, pending }: { name: string; pending: TPending[] }) {
  const data = useApiData(
    (signal) => new Promise<string>((resolve, reject) => pending.push({ key: name, signal, resolve, reject })),
    [name],
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
  it('loads, aborts and drops a request the key no longer wants, and loads again on retry', async () => {
    const pending: TPending[] = [];
    const { rerender } = render(<Loader name="first" pending={pending} />);
    expect(screen.getByTestId('status').textContent).toBe('loading');

    rerender(<Loader name="second" pending={pending} />);
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
  });
});
