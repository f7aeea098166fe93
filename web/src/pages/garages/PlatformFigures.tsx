import { fetchPlatformFigures } from '../../api/platform-figures';
import { formatServiceDate, formatWholeNumber } from '../../lib/format';
import { useApiData } from '../../lib/use-api-data';

/**
 * The platform in figures (issue 26): only what records counts from its own data (GET platform-figures), each marked
 * data-computed, with the period it covers. Nothing is shown until they are in, and nothing if they cannot be had: no
 * figure is ever written into the page.
 */
export function PlatformFigures() {
  const figures = useApiData((signal) => fetchPlatformFigures({ signal }), []);
  if (figures.status !== 'loaded') return null;
  const { garagesSubscribed, servicesLogged, vehiclesServiced, period } = figures.data;
  const stats = [
    { value: garagesSubscribed, label: garagesSubscribed === 1 ? 'garage subscribed now' : 'garages subscribed now' },
    { value: servicesLogged, label: servicesLogged === 1 ? 'service logged' : 'services logged' },
    { value: vehiclesServiced, label: vehiclesServiced === 1 ? 'vehicle serviced' : 'vehicles serviced' },
  ];
  return (
    <section className="stats" aria-labelledby="figures-title">
      <div className="container">
        <h2 id="figures-title" className="visually-hidden">
          The platform in figures
        </h2>
        <ul className="stats__list">
          {stats.map((stat) => (
            <li key={stat.label} className="stat">
              <span className="stat__value" data-computed>
                {formatWholeNumber(stat.value)}
              </span>
              <span className="stat__label">{stat.label}</span>
            </li>
          ))}
        </ul>
        <p className="stats__note">
          Counted from the records on this platform. Services and vehicles: service dates from{' '}
          <span data-computed>{formatServiceDate(period.from)}</span> to{' '}
          <span data-computed>{formatServiceDate(period.to)}</span>.
        </p>
      </div>
    </section>
  );
}
