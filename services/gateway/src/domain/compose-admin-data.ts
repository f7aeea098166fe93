import {
  ADMIN_ACTIONS_SHOWN,
  MESSAGES,
  type TAdminAction,
  type TAdminDataResponse,
  type TInternalGaragesResponse,
  type TInternalRecordsResponse,
} from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';

type GaragesPage = TInternalGaragesResponse['data'];
type RecordsPage = TInternalRecordsResponse['data'];

/** What each service answered for the admin's overview; null for a part that could not be had. */
export interface AdminDataParts {
  /** Which list the admin asked for alone: the other comes back empty, with a null cursor. */
  only?: 'garages' | 'serviceRecords';
  garages: GaragesPage | null;
  records: RecordsPage | null;
  /** Each service's newest audit entries, or null when that service did not answer. */
  actions: Array<{ service: string; adminActions: TAdminAction[] | null }>;
}

/** Every service's audit entries as one list, newest first (ties in a stable order), at most `max` long. */
export function mergeAdminActions(lists: TAdminAction[][], max: number = ADMIN_ACTIONS_SHOWN): TAdminAction[] {
  return lists
    .flat()
    .sort(
      (a, b) => Date.parse(b.at) - Date.parse(a.at) || a.service.localeCompare(b.service) || a.id.localeCompare(b.id),
    )
    .slice(0, max);
}

/**
 * The admin's overview from its parts: totals from both lists' services, the page of each list asked for, the newest
 * admin actions, and the names of the parts that could not be had. A page with neither list is no page: 503.
 */
export function composeAdminData(parts: AdminDataParts): TAdminDataResponse['data'] {
  if (!parts.garages && !parts.records) throw new AppError('service_unavailable', MESSAGES.platform.serviceUnavailable);
  const unavailable = new Set<string>();
  if (!parts.garages) unavailable.add('garages');
  if (!parts.records) unavailable.add('records');
  for (const source of parts.actions) if (!source.adminActions) unavailable.add(source.service);
  const showsGarages = parts.only !== 'serviceRecords' && parts.garages;
  const showsRecords = parts.only !== 'garages' && parts.records;
  return {
    totals: {
      garages: parts.garages?.totals.garages ?? 0,
      activeSubscriptions: parts.garages?.totals.activeSubscriptions ?? 0,
      serviceRecords: parts.records?.totals.serviceRecords ?? 0,
      latestServiceDate: parts.records?.totals.latestServiceDate ?? null,
    },
    garages: showsGarages ? showsGarages.garages : [],
    serviceRecords: showsRecords ? showsRecords.serviceRecords : [],
    nextCursors: {
      garages: showsGarages ? showsGarages.nextCursor : null,
      serviceRecords: showsRecords ? showsRecords.nextCursor : null,
    },
    adminActions: mergeAdminActions(
      parts.actions.flatMap((source) => (source.adminActions ? [source.adminActions] : [])),
    ),
    unavailable: [...unavailable],
  };
}
