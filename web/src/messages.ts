/** The SPA's view of the shared message catalogue. */
import { MESSAGES } from '@sh/shared/contract';

export const WEB_MESSAGES = {
  networkFailure: MESSAGES.platform.networkFailure,
  mileageAnomaly: MESSAGES.platform.mileageAnomaly,
} as const;
