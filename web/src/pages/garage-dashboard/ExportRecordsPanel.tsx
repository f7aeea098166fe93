import { useRef, useState } from 'react';
import type { TRecordExportFormat } from '@sh/shared/contract';
import { downloadRecordExport, saveFile } from '../../api/record-export';
import { FormAlert } from '../../components/FormAlert';
import { messageOf } from '../../lib/error-message';

type TExportState =
  | { status: 'idle' }
  | { status: 'working'; format: TRecordExportFormat }
  | { status: 'saved'; filename: string }
  | { status: 'failed'; message: string };

const FORMAT_NAMES: Record<TRecordExportFormat, string> = { csv: 'CSV', json: 'JSON' };

/**
 * The dashboard's Export records panel (docs/product.md#exporting-the-records): every record of the garage, with its
 * receipt, as a CSV file for a spreadsheet or a JSON file to keep and check. Loaded lazily. While a file is being made
 * the buttons stay in the tab order (aria-disabled, not disabled, so focus stays where it was) and ignore presses;
 * what happens is said in a live region, and a failure as an alert.
 */
export function ExportRecordsPanel() {
  const [state, setState] = useState<TExportState>({ status: 'idle' });
  const working = useRef(false);

  const download = async (format: TRecordExportFormat) => {
    if (working.current) return;
    working.current = true;
    setState({ status: 'working', format });
    try {
      const file = await downloadRecordExport(format);
      saveFile(file);
      setState({ status: 'saved', filename: file.filename });
    } catch (error) {
      setState({ status: 'failed', message: messageOf(error) });
    } finally {
      working.current = false;
    }
  };

  const busy = state.status === 'working';
  return (
    <section className="export-panel" aria-labelledby="export-panel-title" aria-busy={busy}>
      <h2 id="export-panel-title">Export records</h2>
      <p className="export-panel__lead">
        Download every record you have logged, withdrawn ones marked, each with its signed receipt: CSV to open in a
        spreadsheet, JSON to keep and check the receipts with our published key.
      </p>
      <div className="export-panel__actions">
        {(['csv', 'json'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="button button--ghost"
            aria-disabled={busy}
            onClick={() => void download(format)}
          >
            Download {FORMAT_NAMES[format]}
          </button>
        ))}
        <p className="export-panel__status" role="status">
          {state.status === 'working'
            ? `Preparing your ${FORMAT_NAMES[state.format]} file…`
            : state.status === 'saved'
              ? `Downloaded ${state.filename}`
              : ''}
        </p>
      </div>
      {state.status === 'failed' ? (
        <FormAlert tone="error" title="The export failed">
          {state.message}
        </FormAlert>
      ) : null}
    </section>
  );
}
