import { useState } from 'react';
import {
  MESSAGES,
  ZGarageSuspensionRequestSchema,
  ZUserIdParamSchema,
  type TAdminGarage,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { reinstateGarage, releaseCompanyNumber, suspendGarage } from '../../api/admin';
import { FormModal } from '../../components/FormModal';
import { messageOf } from '../../lib/error-message';
import { useSchemaForm } from '../../lib/use-schema-form';
import { ActionNotice, useActionNotice } from './ActionNotice';
import { AdminListBody } from './AdminListBody';
import { GaragesTable } from './GaragesTable';
import { Pager } from './Pager';
import { ReasonModal } from './ReasonModal';
import { SearchBox } from './SearchBox';
import { ZGarageSearchFormSchema } from './search-schemas';
import { useAdminList } from './use-admin-list';

type TSuspensionChange = { garage: TAdminGarage; kind: 'suspend' | 'reinstate' };
type TGarageChange = TSuspensionChange | { garage: TAdminGarage; kind: 'release' };

/**
 * The garages view of /admin: every garage, searchable by name, e-mail or company number and paged, with
 * Suspend and Reinstate (the Terms let the platform suspend an account), each asking why, and the release of a
 * company number held by a signup that never confirmed its e-mail.
 */
export function GaragesView() {
  const [search, setSearch] = useState('');
  const list = useAdminList('garages', search);
  const [changed, setChanged] = useState<Readonly<Record<string, TAdminGarage>>>({});
  const [change, setChange] = useState<TGarageChange | null>(null);
  const { notice, say } = useActionNotice();

  function done(garage: TAdminGarage, text: string) {
    setChange(null);
    setChanged((current) => ({ ...current, [garage.id]: garage }));
    // The button used has turned into the other one, so the notice takes the focus.
    say(text, true);
  }

  return (
    <section className="admin-section" aria-labelledby="admin-garages-title">
      <div className="admin-section__header">
        <h2 id="admin-garages-title">Garages</h2>
      </div>
      <SearchBox
        label="Search garages"
        hint="Name, email or company number"
        param="garages_q"
        schema={ZGarageSearchFormSchema}
        applied={search}
        onApply={setSearch}
      />
      <ActionNotice notice={notice} />
      <AdminListBody page={list.page} loadingLabel="Loading garages…">
        {(data) =>
          data.garages.length === 0 ? (
            <p className="admin-empty">{search ? `No garages match ${search}.` : 'No garages yet.'}</p>
          ) : (
            <GaragesTable
              garages={data.garages.map((garage) => changed[garage.id] ?? garage)}
              caption={`Garages, page ${list.pageNumber}`}
              onSuspend={(garage) => setChange({ garage, kind: 'suspend' })}
              onReinstate={(garage) => setChange({ garage, kind: 'reinstate' })}
              onReleaseCompany={(garage) => setChange({ garage, kind: 'release' })}
            />
          )
        }
      </AdminListBody>
      <Pager list={list} label="Garage pages" />
      {change?.kind === 'release' ? (
        <ReleaseCompanyDialog garage={change.garage} onDone={done} onClose={() => setChange(null)} />
      ) : change ? (
        <SuspensionDialog change={change} onDone={done} onClose={() => setChange(null)} />
      ) : null}
    </section>
  );
}

function SuspensionDialog({
  change: { garage, kind },
  onDone,
  onClose,
}: {
  change: TSuspensionChange;
  onDone: (garage: TAdminGarage, text: string) => void;
  onClose: () => void;
}) {
  const isSuspending = kind === 'suspend';
  return (
    <ReasonModal
      title={isSuspending ? `Suspend ${garage.name}` : `Reinstate ${garage.name}`}
      description={
        <p>
          {isSuspending
            ? 'The garage will not be able to sign in or add records until it is reinstated. Its records stay in the public lookup. We email it your reason.'
            : 'The garage will be able to sign in and add records again. We email it your reason.'}
        </p>
      }
      reasonLabel={isSuspending ? 'Reason for suspending' : 'Reason for reinstating'}
      confirmLabel={isSuspending ? 'Suspend garage' : 'Reinstate garage'}
      busyLabel={isSuspending ? 'Suspending...' : 'Reinstating...'}
      schema={ZGarageSuspensionRequestSchema}
      failureMessage={(error) => messageOf(error)}
      onConfirm={(reason) => (isSuspending ? suspendGarage(garage.id, reason) : reinstateGarage(garage.id, reason))}
      onDone={(updated) =>
        onDone(updated, isSuspending ? ADMIN_ACTION_MESSAGES.garageSuspended : ADMIN_ACTION_MESSAGES.garageReinstated)
      }
      onClose={onClose}
    />
  );
}

/** Asks before freeing a company number: the garage keeps its account but can no longer claim the company. */
function ReleaseCompanyDialog({
  garage,
  onDone,
  onClose,
}: {
  garage: TAdminGarage;
  onDone: (garage: TAdminGarage, text: string) => void;
  onClose: () => void;
}) {
  const title = `Release company number of ${garage.name}`;
  const form = useSchemaForm({
    initialValues: {},
    // Nothing to type: the call's only input is the garage's id, checked as the API checks it.
    schema: ZUserIdParamSchema,
    toInput: () => ({ id: garage.id }),
    failureMessage: (error) => messageOf(error),
    onSubmit: async ({ id }) => {
      await releaseCompanyNumber(id);
      onDone({ ...garage, companies_house_number: null }, MESSAGES.garages.companyReleased);
    },
  });
  return (
    <FormModal
      form={form}
      title={title}
      description={
        <p>
          {garage.name} signed up with company number {garage.companies_house_number} but never confirmed its email
          address. Releasing the number lets the company itself sign up. We email the garage to say so.
        </p>
      }
      submitLabel="Release company number"
      busyLabel="Releasing..."
      onClose={onClose}
    >
      {null}
    </FormModal>
  );
}
