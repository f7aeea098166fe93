import { renderStaffMail, type ComposedMail, type MailContext } from './mail-layout.js';

const BEST_TIME_LABELS: Record<string, string> = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' };

/** Hands a garage's callback request to the support team. */
export function composeCallbackRequestMail(
  context: MailContext,
  input: {
    fullName: string;
    garageName: string;
    phone: string;
    bestTime: string | null;
    message: string | null;
    requestId: string;
  },
): ComposedMail {
  const bestTime = input.bestTime === null ? 'Not given' : (BEST_TIME_LABELS[input.bestTime] ?? input.bestTime);
  return renderStaffMail(context, {
    subject: `Callback request: ${input.garageName} (${input.fullName})`,
    preheader: `${input.fullName} of ${input.garageName} asked for a call back.`,
    heading: 'A garage asked for a call back',
    details: [
      ['Name', input.fullName],
      ['Garage', input.garageName],
      ['Phone', input.phone],
      ['Best time to call', bestTime],
      ['Message', input.message ?? 'None'],
      ['Reference', input.requestId],
    ],
    form: '"Add My Garage" form',
  });
}
