import type { ReactNode } from 'react';
import { CheckIcon, WarningIcon } from '../../components/icons';
import { formatMileage, formatServiceDate, formatWholeNumber } from '../../lib/format';
import type { TBuyerSummary, TPart } from './buyer-summary';

type TTone = 'good' | 'bad' | 'neutral';

function ToneIcon({ tone }: { tone: TTone }) {
  if (tone === 'good') return <CheckIcon size={18} />;
  if (tone === 'bad') return <WarningIcon size={18} />;
  return <span className="buyer-summary__dot" />;
}

/** One line of the answer: what it is about, its verdict, and the verdict's tone in words and shape, never colour alone. */
function Line({ term, tone, children }: { term: string; tone: TTone; children: ReactNode }) {
  return (
    <div className={`buyer-summary__line buyer-summary__line--${tone}`}>
      <dt>
        <span className="buyer-summary__icon" aria-hidden="true">
          <ToneIcon tone={tone} />
        </span>
        {term}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

function pending<T>(part: TPart<T>, what: string): string | null {
  if (part.state === 'loading') return `Fetching ${what}…`;
  if (part.state === 'unknown') return 'Not available just now';
  return null;
}

/**
 * The buyer's answer, at the top of the results page before the timeline (issue 26): the vehicle, its MOT, whether the
 * history verified, the mileage verdict from every source (each reading that goes backwards), outstanding recalls, and
 * the services logged here; the short verdicts first, so that on a phone they all fit on the first screen. A plain
 * component fed by what the page already fetched (buildBuyerSummary); docs/product.md#the-buyers-answer.
 */
export function BuyerSummary({ summary }: { summary: TBuyerSummary }) {
  const { vehicle, mot, services, mileage, recall, verification } = summary;
  return (
    <section className="buyer-summary card" aria-labelledby="buyer-summary-title">
      <h2 id="buyer-summary-title" className="report-section__title">
        At a glance
      </h2>
      {/* While DVLA's answer loads, its line is held open so the lines below do not move when it comes (issue 26). */}
      {vehicle ? (
        <p className="buyer-summary__vehicle">{vehicle}</p>
      ) : mot.state === 'loading' ? (
        <p className="buyer-summary__vehicle" aria-hidden="true">
          {'\u00a0'}
        </p>
      ) : null}
      <dl className="buyer-summary__lines">
        <Line
          term="MOT"
          tone={mot.state === 'known' ? (mot.isValid === false ? 'bad' : mot.isValid ? 'good' : 'neutral') : 'neutral'}
        >
          {mot.state === 'known' ? mot.text : pending(mot, 'the MOT status')}
        </Line>
        <Line
          term="History"
          tone={
            verification.state === 'known'
              ? verification.isVerified
                ? 'good'
                : verification.isVerified === false
                  ? 'bad'
                  : 'neutral'
              : 'neutral'
          }
        >
          {verification.state === 'known'
            ? verification.text
            : verification.state === 'loading'
              ? 'Being checked in your browser…'
              : 'Could not check this history just now'}
        </Line>
        <Line term="Mileage" tone={mileage.isConsistent ? 'good' : 'bad'}>
          {mileage.isConsistent ? (
            'Consistent: no reading is lower than an earlier one'
          ) : (
            <>
              <span className="buyer-summary__verdict">
                {mileage.backwards.length === 1
                  ? '1 reading goes backwards'
                  : `${formatWholeNumber(mileage.backwards.length)} readings go backwards`}
              </span>
              <ul className="buyer-summary__readings">
                {mileage.backwards.map((reading) => (
                  <li key={reading.id}>
                    {formatMileage(reading.miles)} on {formatServiceDate(reading.date)} (
                    {reading.source === 'mot' ? 'MOT test' : 'service'}), after {formatMileage(reading.earlierMiles)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Line>
        <Line term="Recalls" tone={recall.state === 'known' ? (recall.isOutstanding ? 'bad' : 'good') : 'neutral'}>
          {recall.state === 'known'
            ? recall.isOutstanding
              ? 'Outstanding safety recall'
              : 'None outstanding'
            : pending(recall, 'recalls')}
        </Line>
        <Line term="Services logged" tone="neutral">
          {services.count === 0
            ? 'None logged here yet'
            : `${formatWholeNumber(services.count)} by ${services.garageCount === 1 ? '1 garage' : `${formatWholeNumber(services.garageCount)} garages`}`}
          {services.last ? (
            <span className="buyer-summary__detail">
              Last: {services.last.serviceType}, <span data-computed>{services.last.garage}</span>,{' '}
              {formatServiceDate(services.last.date)} ({services.last.ago})
            </span>
          ) : null}
        </Line>
      </dl>
    </section>
  );
}
