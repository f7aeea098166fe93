import type { ReactNode } from 'react';
import { MESSAGES, type TAdminData } from '@sh/shared/contract';
import { FormAlert } from '../../components/FormAlert';
import { LoadFailure } from '../../components/LoadFailure';
import { Spinner } from '../../components/Spinner';
import { messageOf } from '../../lib/error-message';
import type { TApiData } from '../../lib/use-api-data';

/**
 * The body of an admin view over admin/data: a spinner while it loads; MESSAGES.admin.loadFailed
 * in the page (never an alert box) with Try again when it fails; the parts a service could not answer for;
 * then the view's own content.
 */
export function AdminListBody({
  page,
  loadingLabel,
  failedTitle = MESSAGES.admin.loadFailed,
  children,
}: {
  page: TApiData<TAdminData>;
  loadingLabel: string;
  failedTitle?: string;
  children: (data: TAdminData) => ReactNode;
}) {
  if (page.status === 'failed') {
    return <LoadFailure title={failedTitle} message={messageOf(page.error)} isCompact onRetry={page.retry} />;
  }
  if (page.status !== 'loaded') return page.status === 'loading' ? <Spinner label={loadingLabel} /> : null;
  return (
    <>
      <UnavailableParts parts={page.data.unavailable} />
      {children(page.data)}
    </>
  );
}

/**
 * The gateway names a part by the service that did not answer: garages and records for their lists (and their
 * audit), any other service for the admin actions it keeps.
 */
const PART_NAMES: Readonly<Record<string, string>> = {
  garages: 'the garages',
  records: 'the service records',
};

function describePart(part: string): string {
  return PART_NAMES[part] ?? `the admin actions kept by the ${part} service`;
}

/** "Not everything could be loaded just now: the garages." when a service did not answer for its part. */
export function UnavailableParts({ parts }: { parts: readonly string[] }) {
  if (parts.length === 0) return null;
  const names = [...new Set(parts.map(describePart))];
  return (
    <FormAlert tone="info">{`Not everything could be loaded just now: ${names.join(', ')}. The rest of the page is up to date.`}</FormAlert>
  );
}
