/**
 * Who is signed in on this device, as far as the data layer is concerned:
 * local writes, outbox entries and drafts are tagged with it so sign-out can
 * remove exactly that member's private data.
 */
// Keyed by the database object; its collection types do not matter here.
const identities = new WeakMap<object, string | null>();

export function setLocalIdentity(db: object, userId: string | null): void {
  identities.set(db, userId);
}

export function getLocalIdentity(db: object): string | null {
  return identities.get(db) ?? null;
}
