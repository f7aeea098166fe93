import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { GARAGE_PROFILE_MESSAGES } from '@sh/shared/contract';
import { findGarages } from '../../api/garage-profiles';
import { BRAND } from '../../brand';
import { FormAlert } from '../../components/FormAlert';
import { HeroPage } from '../../components/HeroPage';
import { Spinner } from '../../components/Spinner';
import { messageOf } from '../../lib/error-message';
import { useApiData } from '../../lib/use-api-data';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../styles/garage-profiles.css';

/**
 * /garages/find, the directory (docs/product.md#garage-profiles): the subscribed garages in a town or a postcode
 * district. The search is in the address (?q=), so a result can be shared and the back button works.
 */
export function GarageFinderPage() {
  useDocumentTitle('Find a garage');
  const [params, setParams] = useSearchParams();
  const search = (params.get('q') ?? '').trim();
  const [draft, setDraft] = useState(search);
  const [tooShort, setTooShort] = useState(false);
  const results = useApiData((signal) => findGarages(search, { signal }), [search], { isEnabled: search.length >= 2 });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    setTooShort(next.length < 2);
    if (next.length >= 2) setParams({ q: next });
  };

  return (
    <HeroPage
      eyebrow={`Garages on ${BRAND.name}`}
      title="Find a garage"
      lead="Garages that log their services here, by town or postcode district."
      bodyClassName="content-body garage-finder"
    >
      <form className="garage-finder__form" role="search" onSubmit={submit} noValidate>
        <div className="form-field">
          <label htmlFor="garage-search">Town or postcode district</label>
          <div className="form-field__row">
            <input
              id="garage-search"
              className="text-input"
              name="q"
              value={draft}
              maxLength={60}
              autoComplete="address-level2"
              aria-invalid={tooShort || undefined}
              aria-describedby={tooShort ? 'garage-search-error' : undefined}
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className="button button--primary form-field__action">
              Search
            </button>
          </div>
          {tooShort ? (
            <p id="garage-search-error" className="field-error">
              {GARAGE_PROFILE_MESSAGES.searchTooShort}
            </p>
          ) : null}
        </div>
      </form>
      <div aria-live="polite">
        {results.status === 'loading' ? <Spinner label="Searching…" /> : null}
        {results.status === 'failed' ? <FormAlert tone="error">{messageOf(results.error)}</FormAlert> : null}
        {results.status === 'loaded' ? (
          results.data.length === 0 ? (
            <p>
              No subscribed garage found in <span data-computed>{search}</span>.
            </p>
          ) : (
            <ul className="garage-finder__list" aria-label={`Garages in ${search}`}>
              {results.data.map((garage) => (
                <li key={garage.slug} className="garage-finder__item">
                  {garage.logo_url ? <img src={garage.logo_url} alt="" width={48} height={48} /> : null}
                  <div>
                    <Link to={`/garages/${garage.slug}`} data-computed>
                      {garage.name}
                    </Link>
                    <p data-computed>{garage.address}</p>
                  </div>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
    </HeroPage>
  );
}
