/** Whether a return address lies on the site's own origin (anything else would be an open redirect). */
export function isOnOrigin(candidate: string, publicUrl: string): boolean {
  try {
    return new URL(candidate).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}
