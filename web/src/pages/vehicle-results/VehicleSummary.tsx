import { MESSAGES, type TVehicleDetails } from '@sh/shared/contract';
import { WarningIcon } from '../../components/icons';
import { formatServiceDate, formatWholeNumber } from '../../lib/format';

/**
 * DVLA's and DVSA's words are upper-case ("FORD", "PETROL", "MERCEDES-BENZ"): shown in title case, except a word
 * without a vowel, which is an initialism kept as it is ("BMW", "MG", "CX-5").
 */
export function titleCase(value: string | null): string | null {
  if (!value) return null;
  return value.replace(/[A-Za-z]+/g, (word) =>
    /[aeiouy]/i.test(word) ? word[0]!.toUpperCase() + word.slice(1).toLowerCase() : word.toUpperCase(),
  );
}

function statusWithDate(status: string | null, label: string, date: string | null): string | null {
  if (!status && !date) return null;
  const dateText = date ? `${label} ${formatServiceDate(date.slice(0, 10))}` : null;
  return [status, dateText].filter(Boolean).join(' · ');
}

/**
 * The vehicle as DVLA and DVSA describe it: make and model, colour, year, fuel and engine, then its MOT and
 * tax status with their dates, and a warning when a safety recall is outstanding. Fields a source did not give
 * are left out.
 */
export function VehicleSummary({ vehicle }: { vehicle: TVehicleDetails }) {
  const facts: Array<[string, string | null]> = [
    ['Make', titleCase(vehicle.make)],
    ['Model', titleCase(vehicle.model)],
    ['Colour', titleCase(vehicle.colour)],
    ['Year', vehicle.yearOfManufacture === null ? null : String(vehicle.yearOfManufacture)],
    ['Fuel', titleCase(vehicle.fuelType)],
    ['Engine', vehicle.engineCapacity === null ? null : `${formatWholeNumber(vehicle.engineCapacity)} cc`],
    ['First used', vehicle.firstUsedDate ? formatServiceDate(vehicle.firstUsedDate.slice(0, 10)) : null],
  ];
  const statuses: Array<[string, string | null]> = [
    ['MOT', statusWithDate(vehicle.motStatus, 'expires', vehicle.motExpiryDate)],
    ['Tax', statusWithDate(vehicle.taxStatus, 'due', vehicle.taxDueDate)],
  ];
  const shownFacts = facts.filter((fact): fact is [string, string] => fact[1] !== null);
  const shownStatuses = statuses.filter((status): status is [string, string] => status[1] !== null);

  return (
    <section className="report-vehicle card" aria-labelledby="report-vehicle-title">
      <h2 id="report-vehicle-title" className="report-section__title">
        The vehicle
      </h2>
      {vehicle.hasOutstandingRecall ? (
        <p className="notice notice--warning report-recall">
          <WarningIcon size={22} />
          <span>
            <strong>Outstanding recall. </strong>
            {MESSAGES.vehicleReport.outstandingRecall}
          </span>
        </p>
      ) : null}
      <dl className="report-facts">
        {shownFacts.map(([term, value]) => (
          <div key={term} className="report-facts__item">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {shownStatuses.length > 0 ? (
        <dl className="report-facts report-facts--status">
          {shownStatuses.map(([term, value]) => (
            <div key={term} className="report-facts__item">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
