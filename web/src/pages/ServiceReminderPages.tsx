import { useLocation } from 'react-router-dom';
import { ReminderUnsubscribePage } from './ReminderUnsubscribePage';
import { ServiceReminderPage } from './ServiceReminderPage';

/** /service-reminder?token= (the opt-in) and /service-reminder/unsubscribe?token=, loaded together on first use. */
export function ServiceReminderPages() {
  return /\/unsubscribe\/?$/.test(useLocation().pathname) ? <ReminderUnsubscribePage /> : <ServiceReminderPage />;
}
