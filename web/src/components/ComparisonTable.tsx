import { CheckIcon, CrossIcon } from './icons';
import { PageSection } from './PageSection';

const COMPARISON = [
  { feature: 'Survives a lost or damaged service book', manual: false, digital: true },
  { feature: 'Time-stamped when the work is logged', manual: false, digital: true },
  { feature: 'Any change can be detected', manual: false, digital: true },
  { feature: 'Buyers can check it before they visit', manual: false, digital: true },
  { feature: 'Flags a mileage lower than an earlier record', manual: false, digital: true },
  { feature: 'Shows which garage did the work', manual: true, digital: true },
] as const;

/** The "Manual vs Digital" section of the home and lookup pages: the comparison under its eyebrow, heading and lead. */
export function ComparisonSection({ id, title, isTinted = false }: { id: string; title: string; isTinted?: boolean }) {
  return (
    <PageSection
      id={id}
      eyebrow="Manual vs Digital"
      title={title}
      lead="Paper service books go missing, get stamped twice or are filled in after the fact. A digital record is written once, by the garage, at the time of the work."
      isTinted={isTinted}
    >
      <ComparisonTable />
    </PageSection>
  );
}

/** The manual service book against the digital record, feature by feature, with Yes/No in words as well as marks. */
function ComparisonTable() {
  return (
    <div className="table-wrap">
      <table className="comparison">
        <caption className="visually-hidden">Manual service book compared with a digital service record</caption>
        <thead>
          <tr>
            <th scope="col">Feature</th>
            <th scope="col">Manual service book</th>
            <th scope="col">Digital record</th>
          </tr>
        </thead>
        <tbody>
          {COMPARISON.map((row) => (
            <tr key={row.feature}>
              <th scope="row">{row.feature}</th>
              <td>
                <ComparisonMark isSupported={row.manual} />
              </td>
              <td>
                <ComparisonMark isSupported={row.digital} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ComparisonMark({ isSupported }: { isSupported: boolean }) {
  return isSupported ? (
    <span className="mark mark--yes">
      <CheckIcon size={18} />
      <span>Yes</span>
    </span>
  ) : (
    <span className="mark mark--no">
      <CrossIcon size={18} />
      <span>No</span>
    </span>
  );
}
