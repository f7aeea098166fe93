import { pickServiceIconKind } from '../lib/service-icon-kind';
import { BrakeIcon, FullServiceIcon, OilIcon, WrenchIcon } from './icons';

/** The icon for a service type; `data-icon` names the choice so tests and styles can see it. */
export function ServiceTypeIcon({ serviceType }: { serviceType: string }) {
  const kind = pickServiceIconKind(serviceType);
  const Icon = { 'full-service': FullServiceIcon, oil: OilIcon, brake: BrakeIcon, general: WrenchIcon }[kind];
  return (
    <span className={`service-icon service-icon--${kind}`} data-icon={kind}>
      <Icon size={26} />
    </span>
  );
}
