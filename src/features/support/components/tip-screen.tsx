import { Link } from '@tanstack/react-router';
import { Coins, ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import type { RxDocument } from 'rxdb';
import type { ProfileDoc } from '@/db/schemas/profiles';
import { getSupabase } from '@/launch/lazy-supabase';
import { canReceiveTips, readTipJar, withHttps } from '@/lib/profile-rules';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { SUPPORT_MESSAGES } from '../constants';
import { CopyField } from './copy-field';

type Lookup =
  | { state: 'loading' }
  | { state: 'found'; profile: Pick<ProfileDoc, 'username' | 'display_name' | 'monetization'> }
  | { state: 'missing' }
  | { state: 'offline' };

const NO_PROFILES: RxDocument<ProfileDoc>[] = [];

function useTipProfile(rawUsername: string): Lookup {
  const username = rawUsername.toLowerCase();
  const { value: docs, loading } = useLiveQuery((db) => db.profiles.find({ selector: { username }, limit: 1 }).$, [username], NO_PROFILES);
  const online = useConnectivityStore((s) => s.online);
  const [remote, setRemote] = useState<Lookup>({ state: 'loading' });
  const local = docs[0];
  useEffect(() => {
    if (loading || local) return;
    if (!online) {
      setRemote({ state: 'offline' });
      return;
    }
    let alive = true;
    void getSupabase()
      .then((client) => client.from('profiles').select('username,display_name,monetization').eq('username', username).maybeSingle())
      .then(
        ({ data, error }) =>
          alive &&
          setRemote(
            error
              ? { state: 'offline' }
              : data
                ? { state: 'found', profile: data as Pick<ProfileDoc, 'username' | 'display_name' | 'monetization'> }
                : { state: 'missing' },
          ),
        () => alive && setRemote({ state: 'offline' }),
      );
    return () => {
      alive = false;
    };
  }, [loading, local, online, username]);
  if (local) return { state: 'found', profile: local };
  return loading ? { state: 'loading' } : remote;
}

/** /profile/{username}/support: the member's crypto address or PayPal link, with copy buttons. */
export function TipScreen({ username }: { username: string }) {
  const lookup = useTipProfile(username);
  const back = (
    <Button variant="ghost" asChild>
      <Link to="/profile/$username" params={{ username }}>
        {SUPPORT_MESSAGES.backToProfile}
      </Link>
    </Button>
  );
  if (lookup.state === 'loading') {
    return (
      <div>
        <PageHeader title={SUPPORT_MESSAGES.tipTitle} icon={<Coins />} back />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (lookup.state !== 'found') {
    return (
      <div>
        <PageHeader title={SUPPORT_MESSAGES.tipTitle} subtitle={`@${username}`} icon={<Coins />} back />
        <Card>
          <CardContent className="pt-6 text-muted-foreground">
            {lookup.state === 'offline' ? SUPPORT_MESSAGES.notOnDevice : SUPPORT_MESSAGES.notFound}
          </CardContent>
        </Card>
      </div>
    );
  }
  const name = lookup.profile.display_name || lookup.profile.username;
  const jar = readTipJar(lookup.profile.monetization);
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={SUPPORT_MESSAGES.tipTitle} subtitle={SUPPORT_MESSAGES.tipSubtitle(name)} icon={<Coins />} back />
      <Card>
        <CardContent className="flex flex-col gap-6 pt-6">
          {!canReceiveTips(jar) ? (
            <p className="text-muted-foreground" data-testid="no-tip-jar">
              {SUPPORT_MESSAGES.noTipJar(name)}
            </p>
          ) : jar.tipJarType === 'crypto' && jar.cryptoAddress ? (
            <CopyField label={SUPPORT_MESSAGES.cryptoHeading} value={jar.cryptoAddress} testId="tip-crypto-address" />
          ) : jar.paypalEmail ? (
            <>
              <CopyField label={SUPPORT_MESSAGES.paypalHeading} value={jar.paypalEmail} testId="tip-paypal" />
              {/paypal\.me/i.test(jar.paypalEmail) ? (
                <Button asChild className="self-start">
                  <a href={withHttps(jar.paypalEmail)} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden /> {SUPPORT_MESSAGES.openPaypal}
                  </a>
                </Button>
              ) : null}
            </>
          ) : null}
          <div>{back}</div>
        </CardContent>
      </Card>
    </div>
  );
}
