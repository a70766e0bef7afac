import type { RxDocument, RxQuery } from 'rxdb';
import { map } from 'rxjs';
import type { AppDatabase } from '../database';
import { useDatabase } from './use-database';
import { useObservable } from './use-observable';

export interface RxQueryResult<T> {
  docs: RxDocument<T>[];
  /** true until the first result arrived from the local store */
  loading: boolean;
}

/**
 * The one hook that binds a live RxDB query to a component: it re-renders
 * when the local store changes, online or offline.
 *   const { docs } = useRxQuery((db) => db.posts.find({ selector: { discussion_id: id }, sort: [{ created_at: 'asc' }] }), [id]);
 */
export function useRxQuery<T>(queryFactory: (db: AppDatabase) => RxQuery<T, RxDocument<T>[]> | null, deps: readonly unknown[]): RxQueryResult<T> {
  const db = useDatabase();
  return useObservable<RxQueryResult<T>>(
    () => {
      if (!db) return null;
      const query = queryFactory(db);
      return query ? query.$.pipe(map((docs) => ({ docs, loading: false }))) : null;
    },
    [db, ...deps],
    { docs: [], loading: true },
  );
}

/** One document by query, e.g. useRxDoc((db) => db.discussions.findOne(id), [id]). */
export function useRxDoc<T>(queryFactory: (db: AppDatabase) => RxQuery<T, RxDocument<T> | null> | null, deps: readonly unknown[]): { doc: RxDocument<T> | null; loading: boolean } {
  const db = useDatabase();
  return useObservable<{ doc: RxDocument<T> | null; loading: boolean }>(
    () => {
      if (!db) return null;
      const query = queryFactory(db);
      return query ? query.$.pipe(map((doc) => ({ doc, loading: false }))) : null;
    },
    [db, ...deps],
    { doc: null, loading: true },
  );
}
