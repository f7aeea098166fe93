import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
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

/**
 * The day the page is printed, in the UK, set as the print begins (the day the report is produced, whenever the page
 * was opened); null on screen, where it is never shown. Not formatted while the page loads: making the UK's date
 * formatter was one of a phone's long tasks on the results page (issue 26.4).
 */
function usePrintedOn(): string | null {
  const [printedOn, setPrintedOn] = useState<string | null>(null);
  useEffect(() => {
    const onBeforePrint = () => flushSync(() => setPrintedOn(formatTodayInUk()));
    window.addEventListener('beforeprint', onBeforePrint);
    return () => window.removeEventListener('beforeprint', onBeforePrint);
  }, []);
  return printedOn;
}

/** Shown only on paper: whose report this is and when it was produced. */
export function ReportPrintHeader({ subject, resultsPath }: { subject: string; resultsPath: string }) {
  const link = reportLink(resultsPath, useSiteOrigin());
  const printedOn = usePrintedOn();
  return (
    <header className="report-print-header" aria-hidden="true">
      <p className="report-print-header__brand">{BRAND.name}</p>
      <p>
        Vehicle history report for <strong>{subject}</strong>
        {printedOn ? `, produced on ${printedOn}` : null}
      </p>
      <p className="report-print-header__link">{link}</p>
    </header>
  );
}
