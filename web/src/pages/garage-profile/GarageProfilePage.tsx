import { useParams, Link } from 'react-router-dom';
import { preloadPublicAnswer } from '../../api/client';
import { ZPublicGarageProfileResponseSchema } from '@sh/shared/contract';
import { fetchGarageProfile, fetchServicesLogged, garageProfilePath } from '../../api/garage-profiles';
import { BRAND } from '../../brand';
import { FormAlert } from '../../components/FormAlert';
import { HeroPage } from '../../components/HeroPage';
import { Spinner } from '../../components/Spinner';
import { messageOf } from '../../lib/error-message';
import { usePageAnswer } from '../../lib/page-answers';
import { useApiData } from '../../lib/use-api-data';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../styles/garage-profiles.css';
import { formatInstantDateInUk, formatWholeNumber } from '../../lib/format';

/** A map search for the address: the garage's own words, searched on OpenStreetMap (no key, no script on our page). */
const mapLinkOf = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

/**
 * /garages/:slug, a garage's public page (docs/product.md#garage-profiles): what garages keeps of it (name, address,
 * phone, the owner's hours and services, the logo, the Companies House check and since when) and, from records, how
 * many services it has logged here. Everything shown is the garage's data, marked data-computed.
 */
export function GarageProfilePage() {
  const { slug = '' } = useParams();
  // The garage the gateway rendered the page with (its HTML already shows it); else, in the rendered HTML, the
  // browser fetches the garage while the page's script loads.
  const rendered = usePageAnswer(garageProfilePath(slug), ZPublicGarageProfileResponseSchema)?.data.garage;
  if (!rendered) preloadPublicAnswer(garageProfilePath(slug));
  const profile = useApiData((signal) => fetchGarageProfile(slug, { signal }), [slug], { initialData: rendered });
  const garage = profile.status === 'loaded' ? profile.data : null;
  const count = useApiData((signal) => fetchServicesLogged(garage!.id, { signal }), [garage?.id], {
    isEnabled: garage !== null,
  });
  useDocumentTitle(garage ? garage.name : 'Garage');

  if (!garage) {
    // Laid out as the page it waits for (the same band, a lead's line, a body that reaches below the fold), so that
    // nothing in view moves when the garage arrives (issue 26.4).
    return (
      <HeroPage
        eyebrow={`Garage on ${BRAND.name}`}
        title="Garage"
        lead={<span aria-hidden="true">{'\u00a0'}</span>}
        bodyClassName="content-body garage-profile garage-profile--loading"
      >
        {profile.status === 'failed' ? (
          <FormAlert tone="error">{messageOf(profile.error)}</FormAlert>
        ) : (
          <Spinner label="Loading the garage…" />
        )}
        <p>
          <Link to="/garages/find">Find a garage</Link>
        </p>
      </HeroPage>
    );
  }
  return (
    <HeroPage
      eyebrow={`Garage on ${BRAND.name}`}
      title={<span data-computed>{garage.name}</span>}
      lead={<span data-computed>{garage.address}</span>}
      heroContent={
        garage.logo_url ? (
          <img className="garage-profile__logo" src={garage.logo_url} alt={`${garage.name} logo`} />
        ) : null
      }
      bodyClassName="content-body garage-profile"
    >
      {garage.listed ? null : (
        <p className="garage-profile__notice">
          This garage is not subscribed to {BRAND.name} just now. The records it logged stay in each vehicle’s history.
        </p>
      )}
      <dl className="garage-profile__facts">
        <div>
          <dt>Address</dt>
          <dd data-computed>
            {garage.address}{' '}
            <a href={mapLinkOf(garage.address)} rel="noopener noreferrer" target="_blank">
              Open in a map<span className="visually-hidden"> (OpenStreetMap, opens in a new tab)</span>
            </a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd data-computed>
            <a href={`tel:${garage.phone}`}>{garage.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Opening hours</dt>
          <dd data-computed className="garage-profile__text">
            {garage.opening_hours || 'Not given yet'}
          </dd>
        </div>
        <div>
          <dt>Services offered</dt>
          <dd data-computed className="garage-profile__text">
            {garage.services_offered || 'Not given yet'}
          </dd>
        </div>
        <div>
          <dt>Companies House</dt>
          <dd>
            Checked when the garage joined: <span data-computed>{garage.company.name}</span>, company number{' '}
            <span data-computed>{garage.company.number}</span>, an active company at Companies House on{' '}
            <span data-computed>{formatInstantDateInUk(garage.company.verified_since)}</span>.
          </dd>
        </div>
        <div>
          <dt>Services logged on {BRAND.name}</dt>
          <dd>{count.status === 'loaded' ? <span data-computed>{formatWholeNumber(count.data)}</span> : '…'}</dd>
        </div>
      </dl>
      <p>
        <Link to="/garages/find">Find another garage</Link>
      </p>
    </HeroPage>
  );
}
