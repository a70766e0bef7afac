import type { RxDocumentData } from 'rxdb';
import { DEXIE_PIPE_SUBSTITUTE, fromDexieToStorage, fromStorageToDexie } from 'rxdb/plugins/storage-dexie';

/**
 * The record RxDB's Dexie storage keeps for a document, and back, as its own `fromStorageToDexie` and
 * `fromDexieToStorage` make them: a deep copy in which every key part starting with "|" is renamed
 * (Dexie cannot index such a path), and boolean indexed fields stored as '1' and '0' (IndexedDB cannot
 * index booleans). A first sync converts every document it stores and reads back, and the deep copy
 * was most of that (about 0.7 s of main thread for 40,000 rows in a profiled initial sync). The app's
 * documents are JSON rows with no such key, so here a document without one is copied one level deep
 * (the record goes straight into IndexedDB, which copies it again) and anything else takes RxDB's own
 * function: the records are the same either way, which the unit tests check against RxDB's.
 */

/** A key RxDB would rename: one of its dot-separated parts starts with `marker`. */
function renamed(key: string, marker: string): boolean {
  return key.startsWith(marker) || key.includes(`.${marker}`);
}

/** Whether `value` holds only plain objects, arrays and primitives, and no key RxDB would rename. */
function keepsItsKeys(value: unknown, marker: string): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) return value.every((item) => keepsItsKeys(item, marker));
  // RxDB's copy rebuilds anything else (a Date, a Map) as a plain object of its entries.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key of Object.keys(value)) {
    if (renamed(key, marker) || !keepsItsKeys((value as Record<string, unknown>)[key], marker)) return false;
  }
  return true;
}

/** A boolean index this module sets itself: a top-level field read and written as a plain property. */
const PLAIN_FIELD = /^[A-Za-z_$][\w$]*$/;

function plainFields(booleanIndexes: string[]): boolean {
  return booleanIndexes.every((index) => PLAIN_FIELD.test(index) && !index.startsWith(DEXIE_PIPE_SUBSTITUTE));
}

type Fields = Record<string, unknown>;

/** The stored record of `document`, as `fromStorageToDexie` makes it. */
export function toDexieRecord<T>(booleanIndexes: string[], document: RxDocumentData<T>): unknown {
  if (!plainFields(booleanIndexes) || !keepsItsKeys(document, '|')) return fromStorageToDexie(booleanIndexes, document);
  const fields = document as Fields;
  const record: Fields = { ...fields };
  for (const index of booleanIndexes) record[index] = fields[index] ? '1' : '0';
  return record;
}

/** The document of a stored `record`, as `fromDexieToStorage` makes it. */
export function fromDexieRecord<T>(booleanIndexes: string[], record: RxDocumentData<T>): RxDocumentData<T> {
  if (!plainFields(booleanIndexes) || !keepsItsKeys(record, DEXIE_PIPE_SUBSTITUTE)) return fromDexieToStorage(booleanIndexes, record);
  const fields = record as Fields;
  const document: Fields = { ...fields };
  for (const index of booleanIndexes) document[index] = fields[index] === '1';
  return document as RxDocumentData<T>;
}
