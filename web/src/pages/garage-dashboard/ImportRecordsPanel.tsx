import { useRef, useState, type ChangeEvent } from 'react';
import {
  RECORD_IMPORT_COLUMNS,
  RECORD_IMPORT_MAX_ROWS,
  RECORD_IMPORT_MESSAGES,
  type TRecordImportPreview,
} from '@sh/shared/contract';
import { importRecords, previewRecordImport } from '../../api/record-import';
import { FormAlert } from '../../components/FormAlert';
import { messageOf } from '../../lib/error-message';

type TImportState =
  | { status: 'idle' }
  | { status: 'checking'; filename: string }
  | { status: 'previewed'; filename: string; csv: string; preview: TRecordImportPreview }
  | { status: 'importing'; filename: string }
  | { status: 'imported'; message: string }
  | { status: 'failed'; message: string };

const rowCount = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'row' : 'rows'}`;

/**
 * The dashboard's Import history panel (docs/product.md#importing-a-garages-history), the owner's: a CSV file of the
 * services the garage logged before it joined is checked by the server, row by row, with the add-service rules; the
 * preview lists every row's problems (row, column, message) and stores nothing, and only a file without problems can
 * be imported, whole. Loaded lazily. What happens is said in a live region, and a failure as an alert.
 */
export function ImportRecordsPanel() {
  const [state, setState] = useState<TImportState>({ status: 'idle' });
  const input = useRef<HTMLInputElement>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setState({ status: 'checking', filename: file.name });
    try {
      const csv = await file.text();
      setState({ status: 'previewed', filename: file.name, csv, preview: await previewRecordImport(csv) });
    } catch (error) {
      setState({ status: 'failed', message: messageOf(error) });
    }
  };

  const confirm = async () => {
    if (state.status !== 'previewed') return;
    setState({ status: 'importing', filename: state.filename });
    try {
      const result = await importRecords(state.csv);
      setState({ status: 'imported', message: RECORD_IMPORT_MESSAGES.imported(result.imported) });
      if (input.current) input.current.value = '';
    } catch (error) {
      setState({ status: 'failed', message: messageOf(error) });
    }
  };

  const busy = state.status === 'checking' || state.status === 'importing';
  const preview = state.status === 'previewed' ? state.preview : null;
  return (
    <section className="export-panel" aria-labelledby="import-panel-title" aria-busy={busy}>
      <h2 id="import-panel-title">Import history</h2>
      <p className="export-panel__lead">
        Bring in the services you logged before you joined, as a CSV file of at most{' '}
        {RECORD_IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows whose first row names the columns{' '}
        <code>{RECORD_IMPORT_COLUMNS.join(',')}</code>. Each row is checked as a new service is; nothing is stored until
        you confirm, and then every row is. Imported records are sealed like any other, and marked wherever they are
        shown with the day we received them beside the day you serviced the vehicle.
      </p>
      <div className="export-panel__actions">
        <label className="button button--ghost">
          Choose CSV file
          <input
            ref={input}
            className="visually-hidden"
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(event) => void choose(event)}
          />
        </label>
        <p className="export-panel__status" role="status">
          {state.status === 'checking'
            ? `Checking ${state.filename}…`
            : state.status === 'importing'
              ? `Importing ${state.filename}…`
              : state.status === 'imported'
                ? state.message
                : preview
                  ? preview.problem_count === 0
                    ? `${rowCount(preview.rows)} ready to import`
                    : `${rowCount(preview.rows)} checked: ${preview.problem_count.toLocaleString('en-GB')} ${preview.problem_count === 1 ? 'problem' : 'problems'} to fix`
                  : ''}
        </p>
      </div>
      {preview && preview.problem_count > 0 ? <ImportProblems preview={preview} /> : null}
      {preview && preview.problem_count === 0 ? (
        <div className="export-panel__actions">
          <button type="button" className="button button--primary" onClick={() => void confirm()}>
            Import {rowCount(preview.rows)}
          </button>
        </div>
      ) : null}
      {state.status === 'failed' ? (
        <FormAlert tone="error" title="The import failed">
          {state.message}
        </FormAlert>
      ) : null}
    </section>
  );
}

/** The preview's problems as a table: row (the header is row 1), column, and what is wrong. */
function ImportProblems({ preview }: { preview: TRecordImportPreview }) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption>
          Fix these in your file, then choose it again
          {preview.problems.length < preview.problem_count
            ? ` (the first ${preview.problems.length.toLocaleString('en-GB')} of ${preview.problem_count.toLocaleString('en-GB')} shown)`
            : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {preview.problems.map((problem) => (
            <tr key={`${problem.row}-${problem.field}`}>
              <td>{problem.row}</td>
              <td>{problem.field}</td>
              <td>{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
