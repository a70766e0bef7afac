import type { SyncHandle } from '@/db/replication/sync';
import { useDocumentTitle } from '@/lib/document-title';
import { Link } from '@tanstack/react-router';
import { CloudOff, UserX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PROFILE_MESSAGES } from '../constants';
import { useProfileByUsername } from '../hooks/use-profile';
import { useServerProfile } from '../hooks/use-server-profile';
import { ProfileHeader, type Viewer } from './profile-header';
import { ProfileTabs } from './profile-tabs';

/** `viewerPending`: a stored session is still being restored, so who is looking is not known yet. */
export function ProfileScreen({
  username,
  viewer,
  viewerPending = false,
  sync = null,
}: {
  username: string;
  viewer: Viewer;
  viewerPending?: boolean;
  /** the running replication: the Activity tab asks it for a pull as it shows */
  sync?: SyncHandle | null;
}) {
  // An empty device shows the server's copy (one plain read) until its store, opened later, has the profile.
  const server = useServerProfile(username);
  const lookup = useProfileByUsername(username, server.answer);
  // The tab says whose profile it is, not 'Profile' for every member.
  useDocumentTitle(lookup.state === 'found' ? lookup.profile.display_name || lookup.profile.username : undefined);
  if (lookup.state === 'loading') {
    return (
      <div role="status" aria-label="Loading profile" aria-busy={server.pending || undefined} className="flex flex-col gap-4">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (lookup.state === 'not-found' || lookup.state === 'offline-missing') {
    const offline = lookup.state === 'offline-missing';
    return (
      <Card className="mx-auto max-w-lg text-center" data-testid={offline ? 'profile-not-on-device' : 'profile-not-found'}>
        <CardContent className="flex flex-col items-center gap-4 pt-8">
          {offline ? <CloudOff className="size-12 text-muted-foreground" aria-hidden /> : <UserX className="size-12 text-muted-foreground" aria-hidden />}
          <h1 className="text-2xl font-bold">{offline ? PROFILE_MESSAGES.notOnDevice : PROFILE_MESSAGES.notFound}</h1>
          <p className="text-muted-foreground">{offline ? PROFILE_MESSAGES.notOnDeviceDescription : PROFILE_MESSAGES.notFoundDescription}</p>
          <p className="text-sm text-muted-foreground">@{username}</p>
          <Button asChild>
            <Link to="/directory">{PROFILE_MESSAGES.backToDirectory}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  const isOwner = viewer?.id === lookup.profile.id;
  return (
    <div>
      <ProfileHeader profile={lookup.profile} viewer={viewer} viewerPending={viewerPending} />
      <ProfileTabs profile={lookup.profile} isOwner={isOwner} serverContent={server.answer?.content ?? null} sync={sync} />
    </div>
  );
}
