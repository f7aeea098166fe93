/** Subscription states in which a garage may add records (docs/product.md#the-plan: active, and trialing during the free trial). */
const ENTITLED_STATUSES = new Set(['active', 'trialing']);

/** Whether a subscription status lets a garage add records. */
export function canAddRecords(status: string): boolean {
  return ENTITLED_STATUSES.has(status);
}
