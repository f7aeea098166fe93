import { CheckIcon, CrossIcon } from './icons';

const COMPARISON = [
  { feature: 'Survives a lost or damaged service book', manual: false, digital: true },
  { feature: 'Time-stamped when the work is logged', manual: false, digital: true },
  { feature: 'Any change can be detected', manual: false, digital: true },
  { feature: 'Buyers can check it before they visit', manual: false, digital: true },
  { feature: 'Flags a mileage lower than an earlier record', manual: false, digital: true },
  { feature: 'Shows which garage did the work', manual: true, digital: true },
] as const;

/** The manual service book against the digital record, feature by feature, with Yes/No in words as well as marks. */
export function ComparisonTable() {
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
