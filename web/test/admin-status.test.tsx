import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';
import { PlatformStatus, STATUS_REFRESH_MS } from '../src/pages/admin/PlatformStatus';
import { adminStatus } from './admin-support';
import { failure, mockApi, ok, pending, type TApiReply } from './support';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const DOWN = adminStatus({
  ok: false,
  summary: 'The records service is down: it did not answer its readiness check.',
  checks: [
    { name: 'identity', ok: true, detail: null },
    { name: 'records', ok: false, detail: 'It did not answer its readiness check.' },
  ],
});

const DEAD_EVENT = {
  service: 'notifications' as const,
  id: 'dead:42',
  name: 'service_record.amended' as const,
  failedReason: 'SMTP refused the message',
  attempts: 40,
  failedAt: '2026-11-22T08:00:00.000Z',
};

function summaryLine(): string {
  return document.querySelector('.admin-status__summary')?.textContent ?? '';
}

describe('PlatformStatus', () => {
  it('shows the summary, each check with an OK or Down badge and plain words, and every queue', async () => {
    mockApi({ 'GET admin/status': ok(DOWN) });
    render(<PlatformStatus />);

    await vi.waitFor(() => expect(summaryLine()).toBe(DOWN.summary));
    expect(document.querySelector('.admin-status__summary')?.className).toContain('admin-status__summary--down');
    const checks = within(screen.getByRole('list', { name: 'Checks' })).getAllByRole('listitem');
    expect(checks.map((check) => check.textContent)).toEqual([
      'OKidentity',
      'DownrecordsIt did not answer its readiness check.',
    ]);
    const queues = screen.getByRole('table', { name: 'Event queues' });
    expect(
      within(queues)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['records2130', 'notifications0001']);
    expect(screen.getByText('No failed events.')).toBeTruthy();
  });

  it('asks again every 15 seconds, keeping the last answer on screen meanwhile, so a service going down shows', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answerSecond: ((reply: TApiReply) => void) | undefined;
    const api = mockApi({
      'GET admin/status': (_call, count) =>
        count === 1 ? ok(adminStatus()) : new Promise<TApiReply>((resolve) => (answerSecond = resolve)),
    });
    render(<PlatformStatus />);
    await vi.waitFor(() => expect(summaryLine()).toBe(ADMIN_ACTION_MESSAGES.allOperational));

    vi.advanceTimersByTime(STATUS_REFRESH_MS - 1);
    expect(api.callsTo('GET admin/status')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(api.callsTo('GET admin/status')).toHaveLength(2));
    expect(summaryLine()).toBe(ADMIN_ACTION_MESSAGES.allOperational);
    expect(screen.getByRole('region', { name: 'Platform status' }).getAttribute('aria-busy')).toBe('true');

    answerSecond?.(ok(DOWN));
    await vi.waitFor(() => expect(summaryLine()).toBe(DOWN.summary));
    expect(STATUS_REFRESH_MS).toBe(15_000);
  });

  it('asks at once on Refresh', async () => {
    const api = mockApi({ 'GET admin/status': (_call, count) => (count === 1 ? ok(adminStatus()) : ok(DOWN)) });
    render(<PlatformStatus />);
    await vi.waitFor(() => expect(summaryLine()).toBe(ADMIN_ACTION_MESSAGES.allOperational));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(summaryLine()).toBe(DOWN.summary));
    expect(api.callsTo('GET admin/status')).toHaveLength(2);
  });

  it('says when the status itself cannot be had, and keeps the last check shown with its time', async () => {
    mockApi({
      'GET admin/status': (_call, count) =>
        count === 1 ? ok(adminStatus()) : failure(502, 'bad_gateway', MESSAGES.platform.badGateway),
    });
    render(<PlatformStatus />);
    await vi.waitFor(() => expect(summaryLine()).toBe(ADMIN_ACTION_MESSAGES.allOperational));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      `We could not check the platform’s status: ${MESSAGES.platform.badGateway} Shown below is the check of 14:05:07.`,
    );
    expect(summaryLine()).toBe(ADMIN_ACTION_MESSAGES.allOperational);
  });

  it('lists failed events and retries one, then asks for the status again', async () => {
    const api = mockApi({
      'GET admin/status': (_call, count) => ok(adminStatus({ deadEvents: count === 1 ? [DEAD_EVENT] : [] })),
      'POST admin/events/notifications/dead%3A42/retry': ok({
        service: 'notifications',
        id: 'dead:42',
        outcome: 'requeued',
      }),
    });
    render(<PlatformStatus />);

    const table = await screen.findByRole('table', { name: 'Failed events, each retryable' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('SMTP refused the message');
    expect(row.textContent).toContain('22 November 2026 at 08:00');
    fireEvent.click(within(row).getByRole('button', { name: 'Retry service_record.amended for notifications' }));

    expect(await screen.findByText(ADMIN_ACTION_MESSAGES.eventRetried)).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByText('No failed events.')).toBeTruthy());
    expect(api.callsTo('POST admin/events/notifications/dead%3A42/retry')).toHaveLength(1);
    expect(api.callsTo('GET admin/status')).toHaveLength(2);
    expect(document.activeElement?.textContent).toBe(ADMIN_ACTION_MESSAGES.eventRetried);
  });

  it("shows a retry's failure in the page", async () => {
    mockApi({
      'GET admin/status': ok(adminStatus({ deadEvents: [DEAD_EVENT] })),
      'POST admin/events/notifications/dead%3A42/retry': failure(
        404,
        'not_found',
        ADMIN_ACTION_MESSAGES.deadEventNotFound,
      ),
    });
    render(<PlatformStatus />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry service_record.amended for notifications' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ADMIN_ACTION_MESSAGES.deadEventNotFound);
  });

  it('shows a spinner until the first answer', () => {
    mockApi({ 'GET admin/status': pending });
    render(<PlatformStatus />);
    expect(screen.getByRole('status').textContent).toContain('Checking the platform');
  });
});
