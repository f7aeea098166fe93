import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { mayGarage, PAST_DUE_MESSAGES } from '@sh/shared/contract';
import { fetchMyGarage } from '../api/garages';
import { useAuth } from '../auth/AuthProvider';
import { GarageTeamOnly } from '../auth/GarageTeamOnly';
import { useSubscription } from '../auth/SubscriptionProvider';
import { EmailConfirmationNotice } from '../components/EmailConfirmationNotice';
import { FormAlert } from '../components/FormAlert';
import { WrenchIcon } from '../components/icons';
import { Spinner } from '../components/Spinner';
import { SubscribeAction } from '../components/SubscribeAction';
import { messageOf } from '../lib/error-message';
import { readFlash } from '../lib/flash-message';
import { formatUnixDate } from '../lib/format';
import { subscriptionStatusLabel, subscriptionStatusTone } from '../lib/subscription';
import { useApiData } from '../lib/use-api-data';
import { useDocumentTitle } from '../lib/use-document-title';
import { useEmailConfirmation } from '../lib/use-email-confirmation';
import { ServiceRecordsSection } from './garage-dashboard/ServiceRecordsSection';

/** The public log's latest checkpoint, checked in this browser (issue 23): its WebCrypto code loads on its own. */
const RemindersPanel = lazy(() =>
  import('./garage-dashboard/RemindersPanel').then((module) => ({ default: module.RemindersPanel })),
);
const LogCheckpointPanel = lazy(() =>
  import('./garage-dashboard/LogCheckpointPanel').then((module) => ({ default: module.LogCheckpointPanel })),
);

/** The owner's team (docs/product.md#the-garages-team): its code loads on its own, for the owner only. */
const TeamPanel = lazy(() => import('./garage-dashboard/TeamPanel').then((module) => ({ default: module.TeamPanel })));

/** The garage's export of its records (issue 25): its download code loads on its own. */
const ExportRecordsPanel = lazy(() =>
  import('./garage-dashboard/ExportRecordsPanel').then((module) => ({ default: module.ExportRecordsPanel })),
);

/** The owner's import of the garage's past services from a CSV file (issue 25): loaded on its own. */
const ImportRecordsPanel = lazy(() =>
  import('./garage-dashboard/ImportRecordsPanel').then((module) => ({ default: module.ImportRecordsPanel })),
);

/** The owner's API keys for the garage's systems (issue 25): loaded on its own. */
const GarageProfilePanel = lazy(() =>
  import('./garage-dashboard/GarageProfilePanel').then((module) => ({ default: module.GarageProfilePanel })),
);
const ApiKeysPanel = lazy(() =>
  import('./garage-dashboard/ApiKeysPanel').then((module) => ({ default: module.ApiKeysPanel })),
);

/**
 * /garage: the garage's dashboard: its own name from its profile and its subscription state, what to do next
 * (log a service when subscribed, otherwise subscribe), its service records with their receipts, their export and
 * the import of past ones, the
 * public log's latest checkpoint as this browser checked it, and the owner's API keys. A technician (docs/product.md#the-garages-team) sees the
 * records, the log and the way to log a service; the garage's details, billing, export, reminders, team and API keys are the
 * owner's, and their controls are not shown (nor asked for).
 */
export function GarageDashboardPage() {
  return (
    <GarageTeamOnly>
      <GarageDashboard />
    </GarageTeamOnly>
  );
}

function GarageDashboard() {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  const userType = user?.userType ?? null;
  const isOwner = userType === 'garage';
  const profile = useApiData((signal) => fetchMyGarage({ signal }), [], { isEnabled: isOwner });
  const garage = profile.status === 'loaded' ? profile.data : null;
  const subscription = useSubscription();
  const flash = useFlashMessage();

  // A technician's garage is subscribed or not: the server says so when a record is submitted.
  const isSubscribed = isOwner ? subscription.hasActiveSubscription : true;
  const isDeciding = isOwner && subscription.status === 'loading';
  const status = subscription.subscription?.subscription_status ?? null;
  const periodEnd = formatUnixDate(subscription.subscription?.current_period_end);

  return (
    <div className="dashboard-page">
      <section className="page-hero page-hero--compact dashboard-hero" aria-labelledby="dashboard-title">
        <div className="container dashboard-hero__inner">
          <div>
            <p className="eyebrow eyebrow--on-dark">{isOwner ? 'Garage dashboard' : 'Technician'}</p>
            <h1 id="dashboard-title">{garage ? garage.name : 'Your garage'}</h1>
            {garage ? <p className="page-hero__lead">{garage.address}</p> : null}
            {status ? (
              <p className="dashboard-hero__status">
                <span className={`status-badge status-badge--${subscriptionStatusTone(status)}`}>
                  {subscriptionStatusLabel(status)}
                </span>
                {isSubscribed && periodEnd ? <span>Next billing date {periodEnd}</span> : null}
              </p>
            ) : null}
          </div>
          <div className="dashboard-hero__actions">
            {isDeciding ? null : isSubscribed ? (
              <Link to="/add-service" className="button button--primary button--large">
                <WrenchIcon size={20} />
                Add Service History
              </Link>
            ) : (
              <SubscribeAction label="Subscribe to Add Records" className="button button--primary button--large" />
            )}
          </div>
        </div>
      </section>

      <div className="container dashboard-body">
        {flash ? <FormAlert tone="success">{flash}</FormAlert> : null}
        {isOwner && status === 'past_due' ? <FormAlert tone="info">{PAST_DUE_MESSAGES.pastDueNotice}</FormAlert> : null}
        {profile.status === 'loading' ? <Spinner label="Loading your garage…" /> : null}
        {profile.status === 'failed' ? <FormAlert tone="error">{messageOf(profile.error)}</FormAlert> : null}
        <UnconfirmedEmailNotice />
        <ServiceRecordsSection canAddRecords={isDeciding ? null : isSubscribed} />
        {mayGarage(userType, 'exportRecords') ? (
          <Suspense fallback={null}>
            <ExportRecordsPanel />
          </Suspense>
        ) : null}
        {mayGarage(userType, 'importRecords') ? (
          <Suspense fallback={null}>
            <ImportRecordsPanel />
          </Suspense>
        ) : null}
        {mayGarage(userType, 'manageReminders') ? (
          <Suspense fallback={null}>
            <RemindersPanel />
          </Suspense>
        ) : null}
        {garage && mayGarage(userType, 'editGarageDetails') ? (
          <Suspense fallback={null}>
            <GarageProfilePanel garage={garage} />
          </Suspense>
        ) : null}
        {mayGarage(userType, 'manageTeam') ? (
          <Suspense fallback={null}>
            <TeamPanel />
          </Suspense>
        ) : null}
        <Suspense fallback={null}>
          <LogCheckpointPanel />
        </Suspense>
        {mayGarage(userType, 'createApiKeys') ? (
          <Suspense fallback={null}>
            <ApiKeysPanel />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The message the previous page left in the location state ('Service record submitted successfully!' from
 * the wizard), kept for this visit; the state is then cleared so a reload or Back does not show it again.
 */
function useFlashMessage(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [flash] = useState(() => readFlash(location.state));

  useEffect(() => {
    if (readFlash(location.state))
      navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location, navigate]);

  return flash;
}

/**
 * A garage may log in before confirming its e-mail (the signup goes straight to checkout); until it does,
 * the dashboard says so and offers a new link.
 */
function UnconfirmedEmailNotice() {
  const confirmation = useEmailConfirmation();
  if (confirmation.status !== 'unconfirmed') return null;
  return (
    <EmailConfirmationNotice className="dashboard-notice">
      We sent a confirmation link to <strong>{confirmation.email}</strong>. Please follow it to add records and
      subscribe.
    </EmailConfirmationNotice>
  );
}
