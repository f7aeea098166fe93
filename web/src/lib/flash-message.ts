/**
 * A one-off message carried to the next page in the router's location state (the wizard tells the dashboard
 * that a record was submitted).
 */
export type TFlashState = { flash: string };

/** The location state that carries a message to the next page. */
export function withFlash(message: string): TFlashState {
  return { flash: message };
}

/** The message a previous page left in the location state, or null. */
export function readFlash(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const flash = (state as { flash?: unknown }).flash;
  return typeof flash === 'string' && flash.length > 0 ? flash : null;
}
