import { Download, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { deviceStorage } from '@/lib/device-storage';
import { countVisit, installMomentReached } from '@/lib/install-moment';
import { INSTALL_DECIDED_KEY, INSTALL_TEXT } from './constants';

/** Chromium's deferred install prompt (not in the DOM typings). */
type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  // Chromium offers installing once; kept here so the app offers it at a better moment than the browser's own bar.
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    for (const listener of listeners) listener();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    deviceStorage()?.setItem(INSTALL_DECIDED_KEY, 'installed');
    for (const listener of listeners) listener();
  });
}

function isStandalone(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** iPhone and iPad Safari: no install prompt exists; the member adds the app from the Share sheet. */
function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

/**
 * The offer to install, in the page's flow below the screen (never over content): from the second visit or after
 * something was kept offline, until the member installs or says "Not now". On iOS it explains Add to Home Screen.
 */
export function InstallPrompt() {
  const [visits] = useState(countVisit);
  const [, rerender] = useState(0);
  const [decided, setDecided] = useState(() => (deviceStorage()?.getItem(INSTALL_DECIDED_KEY) ?? null) !== null);
  useEffect(() => {
    const update = () => rerender((n) => n + 1);
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);

  const decide = (value: string) => {
    deviceStorage()?.setItem(INSTALL_DECIDED_KEY, value);
    setDecided(true);
  };
  async function install() {
    const event = deferred;
    if (!event) return;
    deferred = null;
    await event.prompt();
    const { outcome } = await event.userChoice;
    decide(outcome);
  }

  if (decided || isStandalone() || !installMomentReached(visits)) return null;
  const ios = !deferred && isIosSafari();
  if (!deferred && !ios) return null;
  return (
    <section
      aria-label={ios ? INSTALL_TEXT.iosTitle : INSTALL_TEXT.title}
      data-testid="install-prompt"
      className="mx-auto my-4 flex w-full max-w-6xl flex-wrap items-start gap-3 rounded-lg border bg-card p-4 text-sm sm:flex-nowrap"
    >
      <Download className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1 space-y-1">
        <h2 className="font-semibold">{ios ? INSTALL_TEXT.iosTitle : INSTALL_TEXT.title}</h2>
        <p className="text-muted-foreground">{ios ? INSTALL_TEXT.iosSteps : INSTALL_TEXT.description}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {ios ? null : (
          <Button type="button" size="sm" onClick={() => void install()}>
            {INSTALL_TEXT.install}
          </Button>
        )}
        <Button type="button" size="sm" variant="ghost" onClick={() => decide('not-now')} aria-label={INSTALL_TEXT.notNow}>
          {ios ? <X aria-hidden /> : INSTALL_TEXT.notNow}
        </Button>
      </div>
    </section>
  );
}
