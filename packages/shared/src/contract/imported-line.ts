/**
 * "Imported on {date}, serviced on {date}": what every view of a record imported from its garage's own history says
 * of it (docs/product.md#importing-a-garages-history), since the log vouches only for when the platform received it.
 * Each view writes the two dates as it writes dates (long en-GB). A module of its own, so the web app's record card
 * takes this line without the import's schemas.
 */
export function importedLine(importedOn: string, servicedOn: string): string {
  return `Imported on ${importedOn}, serviced on ${servicedOn}`;
}
