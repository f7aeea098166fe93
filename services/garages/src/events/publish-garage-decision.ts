import { writeEvent, type PoolClient } from '@sh/shared/server';
import type { GarageRow } from '../store/garage-row.js';

/**
 * Writes garage.suspended or garage.reinstated in the transaction that made the decision, with the admin's reason:
 * identity ends or allows the garage's sign-in, records refuses or accepts its new records, notifications tells it.
 */
export async function publishGarageDecision(
  client: PoolClient,
  garage: GarageRow,
  decision:
    { event: 'garage.suspended'; reason: string; at: Date } | { event: 'garage.reinstated'; reason: string; at: Date },
): Promise<void> {
  const who = { garageId: garage.id, name: garage.name, email: garage.email, reason: decision.reason };
  if (decision.event === 'garage.suspended') {
    await writeEvent(client, decision.event, { ...who, suspendedAt: decision.at.getTime() });
  } else {
    await writeEvent(client, decision.event, { ...who, reinstatedAt: decision.at.getTime() });
  }
}
