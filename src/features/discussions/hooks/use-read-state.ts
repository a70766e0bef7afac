import { useCallback, useEffect, useRef, useState } from 'react';
import { useDatabase } from '@/db/hooks/use-database';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { toast } from '@/stores/toast-store';
import { UNREAD_TEXT } from '../constants';
import { fetchCategoryLevels, saveCategoryLevel } from '../model/category-levels';
import {
  memberReadPoints$,
  readCachedCategoryLevels,
  readVisitorPoints,
  writeReadPoint,
  writeVisitorPoint,
  type CategoryLevels,
  type NotificationLevel,
  type ReadPoint,
  type ReadPoints,
} from '../model/read-state';

export interface ReadState {
  /** read point and level per thread: the member's records, or a visitor's device-only ones */
  points: ReadPoints;
  /** false until the member's records were read from the store */
  ready: boolean;
  categories: CategoryLevels;
  /** `readCount`: how many of the thread's posts the point covers, counted on the posts being read */
  markRead(discussionId: string, lastReadAt: string, readCount: number): void;
  setLevel(discussionId: string, level: NotificationLevel): void;
  setCategoryLevel(category: string, level: NotificationLevel): void;
}

const NO_POINTS: Map<string, ReadPoint> = new Map();

/** The viewer's read points and notification levels, and the writes that change them. */
export function useReadState(viewerId: string | null): ReadState {
  const db = useDatabase();
  const online = useConnectivityStore((s) => s.online);
  const member = useLiveQuery((database) => (viewerId ? memberReadPoints$(database) : null), [viewerId], NO_POINTS);
  const [visitor, setVisitor] = useState<Map<string, ReadPoint>>(() => (viewerId ? NO_POINTS : readVisitorPoints()));
  useEffect(() => {
    setVisitor(viewerId ? NO_POINTS : readVisitorPoints());
  }, [viewerId]);
  const points = viewerId ? member.value : visitor;
  // The member's latest records, for writes chosen without waiting for a render.
  const latest = useRef(points);
  latest.current = points;

  const [categories, setCategories] = useState<Map<string, NotificationLevel>>(() => (viewerId ? readCachedCategoryLevels(viewerId) : new Map()));
  useEffect(() => {
    if (!viewerId) {
      setCategories(new Map());
      return;
    }
    setCategories(readCachedCategoryLevels(viewerId));
    if (!online) return;
    let live = true;
    fetchCategoryLevels(viewerId).then(
      (levels) => live && setCategories(levels),
      // Offline or refused: the cached levels stay.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [viewerId, online]);

  const markRead = useCallback(
    (discussionId: string, lastReadAt: string, readCount: number) => {
      if (!viewerId) {
        setVisitor(writeVisitorPoint(discussionId, lastReadAt, readCount));
        return;
      }
      if (!db) return;
      const current = latest.current.get(discussionId);
      if (current?.lastReadAt && current.lastReadAt >= lastReadAt) return;
      // A read point that could not be kept is not worth a message: the next scroll writes it again.
      writeReadPoint(db, viewerId, discussionId, current, { lastReadAt, readCount }).catch(() => undefined);
    },
    [db, viewerId],
  );

  const setLevel = useCallback(
    (discussionId: string, level: NotificationLevel) => {
      if (!viewerId || !db) return;
      writeReadPoint(db, viewerId, discussionId, latest.current.get(discussionId), { level }).catch(() =>
        toast({ variant: 'destructive', ...UNREAD_TEXT.levelFailed }),
      );
    },
    [db, viewerId],
  );

  const setCategoryLevel = useCallback(
    (category: string, level: NotificationLevel) => {
      if (!viewerId) return;
      if (!online) return void toast({ variant: 'destructive', ...UNREAD_TEXT.categoryNeedsConnection });
      saveCategoryLevel(viewerId, category, level)
        .then(() => fetchCategoryLevels(viewerId))
        .then(setCategories)
        .catch(() => toast({ variant: 'destructive', ...UNREAD_TEXT.categoryFailed }));
    },
    [viewerId, online],
  );

  return { points, ready: !viewerId || !member.loading, categories, markRead, setLevel, setCategoryLevel };
}
