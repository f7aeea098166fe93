/** Which icon a service type gets: Full Service, Oil Change and Brake Replacement have their own. */
export type TServiceIconKind = 'full-service' | 'oil' | 'brake' | 'general';

/**
 * Picks the icon by words in the service type, which may list several services ("Full Service, Brake
 * Fluid Change"); the first rule that matches wins, in the order full service, oil, brake.
 */
export function pickServiceIconKind(serviceType: string): TServiceIconKind {
  const words = serviceType.toLowerCase();
  if (/\bfull\s+service\b/.test(words)) return 'full-service';
  if (/\boil\b/.test(words)) return 'oil';
  if (/\bbrakes?\b/.test(words)) return 'brake';
  return 'general';
}
