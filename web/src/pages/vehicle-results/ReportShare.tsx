import { BRAND } from '../../brand';
import { CopyButton } from '../../components/CopyButton';
import { formatTodayInUk } from '../../lib/format';
import { buildVehicleResultsPath } from '../../lib/registration-input';
import { useSiteOrigin } from '../../lib/use-site-origin';

/** The report's own address: anyone with it sees the same report, without signing in. */
export function reportLink(registration: string, origin: string = window.location.origin): string {
  return `${origin}${buildVehicleResultsPath(registration)}`;
}

/** "Copy link" to share the report, and "Print" for a clean A4 copy (styles/report.css @media print). */
export function ReportShare({ registration }: { registration: string }) {
  const link = reportLink(registration, useSiteOrigin());
  return (
    <div className="report-share" data-print="hide">
      <p className="report-share__link">
        <span className="visually-hidden">Link to this report: </span>
        <code>{link}</code>
      </p>
      <CopyButton value={link} label="link to this report" />
      <button type="button" className="button button--ghost button--small" onClick={() => window.print()}>
        Print report
      </button>
    </div>
  );
}

/** Shown only on paper: whose report this is and when it was produced. */
export function ReportPrintHeader({ registration }: { registration: string }) {
  const link = reportLink(registration, useSiteOrigin());
  return (
    <header className="report-print-header" aria-hidden="true">
      <p className="report-print-header__brand">{BRAND.name}</p>
      <p>
        Vehicle history report for <strong>{registration.toUpperCase()}</strong>, produced on {formatTodayInUk()}
      </p>
      <p className="report-print-header__link">{link}</p>
    </header>
  );
}
