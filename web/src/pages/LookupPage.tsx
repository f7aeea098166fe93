import { useNavigate } from 'react-router-dom';
import { ZLookupRequestSchema } from '@sh/shared/contract';
import { Field } from '../components/Field';
import { ClockIcon, SearchIcon, ShieldCheckIcon, GaugeIcon } from '../components/icons';
import { RegistrationInput } from '../components/RegistrationInput';
import { buildVehicleResultsPath } from '../lib/registration-input';
import { useDocumentTitle } from '../lib/use-document-title';
import { useSchemaForm } from '../lib/use-schema-form';

/** Individuals: the vehicle lookup form. A registration is required and checked before searching. */
export function LookupPage() {
  useDocumentTitle('Check a vehicle');
  const navigate = useNavigate();
  const form = useSchemaForm({
    initialValues: { registration: '' },
    schema: ZLookupRequestSchema,
    onSubmit: ({ registration }) => navigate(buildVehicleResultsPath(registration)),
  });
  const { error, ref, value, name } = form.bindField('registration');

  return (
    <div className="lookup-page">
      <section className="page-hero page-hero--compact" aria-labelledby="lookup-title">
        <div className="container narrow">
          <p className="eyebrow eyebrow--on-dark">For buyers, sellers and owners</p>
          <h1 id="lookup-title">Vehicle Service History Lookup</h1>
          <p className="page-hero__lead">
            Check a car&apos;s service history before you buy, sell or book it in. It&apos;s free and you don&apos;t need an
            account.
          </p>
        </div>
      </section>

      <div className="container narrow">
        <form className="card lookup-form" role="search" noValidate onSubmit={form.handleSubmit}>
          <Field
            label="Registration number"
            hint="For example AB12CDE. Spaces are ignored."
            error={error}
            className="lookup-form__field"
            isErrorAnnounced
          >
            {(control) => (
              <div className="lookup-form__row">
                <RegistrationInput
                  ref={ref}
                  className={`plate-input${error ? ' has-error' : ''}`}
                  name={name}
                  value={value}
                  {...control}
                  onRegistrationChange={(registration) => form.setValue('registration', registration)}
                />
                <button type="submit" className="button button--primary button--large">
                  <SearchIcon size={20} />
                  Search
                </button>
              </div>
            )}
          </Field>
        </form>

        <ul className="feature-list feature-list--three">
          <li>
            <ShieldCheckIcon size={24} />
            <div>
              <h2>Logged by the garage</h2>
              <p>Each entry comes from the garage that did the work, not from the seller.</p>
            </div>
          </li>
          <li>
            <GaugeIcon size={24} />
            <div>
              <h2>Mileage checked</h2>
              <p>We flag any record whose mileage is lower than an earlier one.</p>
            </div>
          </li>
          <li>
            <ClockIcon size={24} />
            <div>
              <h2>Time-stamped</h2>
              <p>Entries are dated when they are logged and cannot be quietly rewritten.</p>
            </div>
          </li>
        </ul>
      </div>
    </div>
  );
}
