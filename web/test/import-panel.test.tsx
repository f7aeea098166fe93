import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RECORD_IMPORT_COLUMNS, RECORD_IMPORT_MESSAGES } from '@sh/shared/contract';
import {
  buildSubscription,
  failure,
  GARAGE_USER,
  mockApi,
  ok,
  pending,
  renderApp,
  storeSession,
  type TApiRoute,
} from './support';

const HEADER = RECORD_IMPORT_COLUMNS.join(',');
const GOOD = `${HEADER}\nAB12CDE,WVWZZZ1JZXW000001,2021-03-14,45210,MOT Test,,\n`;

/** The dashboard with only its import panel answering; the other panels' calls wait. */
function openDashboard(routes: Record<string, TApiRoute>) {
  const api = mockApi({
    'GET billing/subscription': ok(buildSubscription()),
    'GET garages/me': pending,
    'GET auth/me': pending,
    'GET service-records/mine': pending,
    'GET reminders/garage': pending,
    'GET garage-team': pending,
    'GET api-keys': pending,
    ...routes,
  });
  storeSession(GARAGE_USER, 'garage');
  renderApp('/garage');
  return api;
}

async function chooseFile(text: string) {
  const panel = await screen.findByRole('region', { name: 'Import history' });
  const input = panel.querySelector('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File([text], 'history.csv', { type: 'text/csv' })] } });
  return panel;
}

describe('GarageDashboardPage: Import history', () => {
  it("previews a file's problems by row and column, and offers no import until they are fixed", async () => {
    const api = openDashboard({
      'POST service-records/import/preview': ok({
        rows: 3,
        problem_count: 2,
        problems: [
          { row: 3, field: 'vin', message: 'Please enter a valid 17-character VIN' },
          { row: 4, field: 'technician', message: RECORD_IMPORT_MESSAGES.technicianUnknown },
        ],
      }),
    });
    const panel = await chooseFile(GOOD);
    const rows = await within(panel).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RowColumnProblem',
      '3vinPlease enter a valid 17-character VIN',
      `4technician${RECORD_IMPORT_MESSAGES.technicianUnknown}`,
    ]);
    expect(within(panel).getByRole('status').textContent).toBe('3 rows checked: 2 problems to fix');
    expect(within(panel).queryByRole('button', { name: /^Import/ })).toBeNull();
    expect(api.callsTo('POST service-records/import/preview')[0]!.body).toEqual({ csv: GOOD });
    expect(api.callsTo('POST service-records/import')).toHaveLength(0);
  });

  it('imports a file without problems once the owner confirms, and says how many were stored', async () => {
    const api = openDashboard({
      'POST service-records/import/preview': ok({ rows: 1, problem_count: 0, problems: [] }),
      'POST service-records/import': () => ({
        status: 201,
        body: {
          status: 201,
          message: RECORD_IMPORT_MESSAGES.imported(1),
          data: { imported: 1, imported_at: '2026-11-25T09:00:00.000Z' },
        },
      }),
    });
    const panel = await chooseFile(GOOD);
    expect(await within(panel).findByText('1 row ready to import')).toBeTruthy();
    expect(api.callsTo('POST service-records/import')).toHaveLength(0);
    fireEvent.click(within(panel).getByRole('button', { name: 'Import 1 row' }));
    expect(await within(panel).findByText(RECORD_IMPORT_MESSAGES.imported(1))).toBeTruthy();
    expect(api.callsTo('POST service-records/import')[0]!.body).toEqual({ csv: GOOD });
  });

  it("shows a bad file's reason as an alert", async () => {
    openDashboard({
      'POST service-records/import/preview': failure(400, 'validation_failed', RECORD_IMPORT_MESSAGES.headerInvalid, [
        { path: 'csv', message: RECORD_IMPORT_MESSAGES.headerInvalid },
      ]),
    });
    const panel = await chooseFile('reg,date\nAB12CDE,2021-03-14\n');
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain(RECORD_IMPORT_MESSAGES.headerInvalid);
    expect(within(panel).queryByRole('table')).toBeNull();
  });
});
