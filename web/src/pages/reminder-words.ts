/** The words of the reminder pages and panel (docs/product.md#service-reminders), loaded with them, not up front. */
export const REMINDER_WORDS = {
  optInTitle: 'Service reminder',
  optInExplain:
    'We will send you one email when this vehicle is due its next service, from the garage that serviced it. Nothing else, and every reminder has a one-click unsubscribe.',
  optInButton: 'Remind me',
  optedIn: 'Done. We will remind you on {date}.',
  optedInNoMot:
    'Done. The MOT expiry date could not be found, so we will remind you 11 months after the service, on {date}.',
  optInFailed: 'We could not set up the reminder. Please try again.',
  unsubscribeTitle: 'Unsubscribe from service reminders',
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: 'You are unsubscribed: no more reminders will be sent for this vehicle.',
  unsubscribeFailed: 'We could not unsubscribe you. Please try again.',
  settingsSaved: 'Reminder setting saved',
  settingsFailed: 'Could not save the reminder setting',
} as const;
