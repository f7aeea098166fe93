import { MESSAGES, type TMissingSource, type TVehicleSource } from '@sh/shared/contract';
import { WarningIcon } from '../../components/icons';

const SOURCE_NAMES: Record<TVehicleSource, string> = { dvla: 'Vehicle details (DVLA)', dvsa: 'MOT history (DVSA)' };
const FALLBACK: Record<TVehicleSource, string> = {
  dvla: MESSAGES.vehicleReport.dvlaMissing,
  dvsa: MESSAGES.vehicleReport.dvsaMissing,
};

/**
 * What the report lacks, in plain words, as a polite status rather than an alert: the service records beside
 * it are complete. `failed` is the whole call failing; otherwise one line per source the server could not get.
 */
export function MissingSourcesNotice({
  missing,
  failed = false,
}: {
  missing: readonly TMissingSource[];
  failed?: boolean;
}) {
  if (!failed && missing.length === 0) return null;
  return (
    <div className="notice notice--info report-missing" role="status">
      <WarningIcon size={22} />
      <div>
        <h2 className="notice__title">Part of this report is missing</h2>
        {failed ? (
          <p>{MESSAGES.vehicleReport.failed}</p>
        ) : (
          <ul className="report-missing__list">
            {missing.map((source) => (
              <li key={source.source}>
                <strong>{SOURCE_NAMES[source.source]}: </strong>
                {source.message || FALLBACK[source.source]}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
