import { useEffect, useRef, useState } from 'react';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { furthest, takeHubVisit } from '../model/read-state';
import { exchangeHubVisit } from '../model/read-state-sync';

interface HubVisit {
  viewerId: string | null;
  /** when this showing of the hub began */
  at: string;
  /** threads created after this are new to the viewer */
  since: string;
  /** the server has this showing (a visitor's never goes there) */
  sent: boolean;
  /** the device had no visit of this viewer before (a new device, or signed in again) */
  fresh: boolean;
}

/** The mark once the server answered: the later of the two visits, or the server's alone on a fresh device. */
function sinceAfter(visit: HubVisit, previous: string | null): string {
  if (previous === null) return visit.since;
  return visit.fresh ? previous : (furthest(visit.since, previous) ?? visit.since);
}

/**
 * "New since your last visit" for the hub: the device's own record answers at once, offline included; a
 * member's visit then goes to the server as the hub shows or, offline, as soon as the connection returns, and
 * a later visit made on another device moves the mark forward. Null while the viewer is not known yet.
 */
export function useHubVisit(viewerId: string | null, authPending: boolean): string | null {
  const online = useConnectivityStore((s) => s.online);
  const [visit, setVisit] = useState<HubVisit | null>(null);
  // One visit per showing and viewer: every auth event (a token refresh too) passes through "pending" again,
  // and taking the visit a second time would clear the marks on screen.
  const taken = useRef<{ viewerId: string | null } | null>(null);
  useEffect(() => {
    if (authPending || (taken.current && taken.current.viewerId === viewerId)) return;
    taken.current = { viewerId };
    const at = new Date().toISOString();
    const previous = takeHubVisit(viewerId, at);
    // The first visit on a device finds nothing new, unless the member's visits elsewhere say otherwise.
    setVisit({ viewerId, at, since: previous ?? at, sent: viewerId === null, fresh: previous === null });
  }, [viewerId, authPending]);

  useEffect(() => {
    if (!visit || visit.sent || visit.viewerId === null || !online) return;
    const { viewerId: member, at } = visit;
    let live = true;
    exchangeHubVisit(member, at).then(
      // This showing was not on the server before, so what it held came from the member's other visits.
      (previous) => live && setVisit((v) => (v && v.viewerId === member && v.at === at ? { ...v, sent: true, since: sinceAfter(v, previous) } : v)),
      // Offline or refused: the device's own mark stands; the next showing or reconnect tries again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [visit, online]);

  return visit !== null && visit.viewerId === viewerId ? visit.since : null;
}
