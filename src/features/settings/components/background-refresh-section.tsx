import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { periodicRefreshEnabled, periodicRefreshSupported, setPeriodicRefreshEnabled, type PeriodicRefreshOutcome } from '@/lib/periodic-refresh-setting';
import { BACKGROUND_REFRESH_TEXT } from '../constants';

type Props = {
  /** registers or unregisters the refresh as the setting now says (owned by the app's service worker glue) */
  apply: () => Promise<PeriodicRefreshOutcome>;
};

/** The browser has the API here: anything short of a registration means it holds the refresh back for now. */
function statusText(on: boolean, outcome: PeriodicRefreshOutcome | null): string {
  if (!on) return BACKGROUND_REFRESH_TEXT.off;
  return outcome === 'registered' ? BACKGROUND_REFRESH_TEXT.registered : BACKGROUND_REFRESH_TEXT.waiting;
}

/** Settings: whether this device refreshes kept threads, notifications and the blog with the app closed. */
export function BackgroundRefreshSection({ apply }: Props) {
  const supported = periodicRefreshSupported();
  const [on, setOn] = useState(periodicRefreshEnabled);
  const [outcome, setOutcome] = useState<PeriodicRefreshOutcome | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void apply().then((result) => {
      if (live) setOutcome(result);
    });
    return () => {
      live = false;
    };
  }, [apply, supported]);

  async function change(next: boolean) {
    setPeriodicRefreshEnabled(next);
    setOn(next);
    setBusy(true);
    try {
      setOutcome(await apply());
    } finally {
      setBusy(false);
    }
  }

  const status = supported ? statusText(on, outcome) : BACKGROUND_REFRESH_TEXT.unsupported;
  return (
    <Card data-testid="background-refresh">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <RefreshCw className="size-4" aria-hidden />
          {BACKGROUND_REFRESH_TEXT.title}
        </CardTitle>
        <CardDescription>{BACKGROUND_REFRESH_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="background-refresh">{BACKGROUND_REFRESH_TEXT.switchLabel}</Label>
          <Switch
            id="background-refresh"
            checked={supported && on}
            disabled={!supported || busy}
            aria-describedby="background-refresh-status"
            onCheckedChange={(next) => void change(next)}
          />
        </div>
        <p id="background-refresh-status" className="text-muted-foreground" data-testid="background-refresh-status">
          {status}
        </p>
      </CardContent>
    </Card>
  );
}
