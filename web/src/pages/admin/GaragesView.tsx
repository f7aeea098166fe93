import { useState } from 'react';
import { MESSAGES, ZGarageSuspensionRequestSchema, type TAdminGarage } from '@sh/shared/contract';
import { reinstateGarage, suspendGarage } from '../../api/admin';
import { messageOf } from '../../lib/error-message';
import { ActionNotice, useActionNotice } from './ActionNotice';
import { AdminListBody } from './AdminListBody';
import { GaragesTable } from './GaragesTable';
import { Pager } from './Pager';
import { ReasonModal } from './ReasonModal';
import { SearchBox } from './SearchBox';
import { ZGarageSearchFormSchema } from './search-schemas';
import { useAdminList } from './use-admin-list';

type TSuspensionChange = { garage: TAdminGarage; kind: 'suspend' | 'reinstate' };

/**
 * The garages view of /admin: every garage, searchable by name, e-mail or company number and paged, with
 * Suspend and Reinstate (the Terms let the platform suspend an account), each asking why.
 */
export function GaragesView() {
  const [search, setSearch] = useState('');
  const list = useAdminList('garages', search);
  const [changed, setChanged] = useState<Readonly<Record<string, TAdminGarage>>>({});
  const [change, setChange] = useState<TSuspensionChange | null>(null);
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
            />
          )
        }
      </AdminListBody>
      <Pager list={list} label="Garage pages" />
      {change ? <SuspensionDialog change={change} onDone={done} onClose={() => setChange(null)} /> : null}
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
      onDone={(updated) => onDone(updated, isSuspending ? MESSAGES.adminActions.garageSuspended : MESSAGES.adminActions.garageReinstated)}
      onClose={onClose}
    />
  );
}
