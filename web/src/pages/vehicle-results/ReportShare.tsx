import { BRAND } from '../../brand';
import { CopyButton } from '../../components/CopyButton';
import { formatTodayInUk } from '../../lib/format';
import { useSiteOrigin } from '../../lib/use-site-origin';

/** The report's own address: anyone with it sees the same report, without signing in. */
export function reportLink(resultsPath: string, origin: string = window.location.origin): string {
  return `${origin}${resultsPath}`;
}

/** "Copy link" to share the report, and "Print" for a clean A4 copy (styles/report.css @media print). */
export function ReportShare({ resultsPath }: { resultsPath: string }) {
  const link = reportLink(resultsPath, useSiteOrigin());
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
export function ReportPrintHeader({ subject, resultsPath }: { subject: string; resultsPath: string }) {
  const link = reportLink(resultsPath, useSiteOrigin());
  return (
    <header className="report-print-header" aria-hidden="true">
      <p className="report-print-header__brand">{BRAND.name}</p>
      <p>
        Vehicle history report for <strong>{subject}</strong>, produced on {formatTodayInUk()}
      </p>
      <p className="report-print-header__link">{link}</p>
    </header>
  );
}
