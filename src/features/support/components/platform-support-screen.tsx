import { Link } from '@tanstack/react-router';
import { Bitcoin, CloudOff, ExternalLink, HandHeart, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { IconCard } from '@/components/ui/icon-card';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { PAYPAL_DONATE_SCRIPT, SUPPORT_MESSAGES } from '../constants';
import { donationConfig } from '../model/donation-config';

const DONATIONS = donationConfig(import.meta.env);

function NotSetUp({ text }: { text: string }) {
  return (
    <p className="text-sm text-muted-foreground" data-testid="donate-not-set-up">
      {text}
    </p>
  );
}

function OfflineNote() {
  return (
    <p role="status" className="flex items-start gap-2 rounded-md border border-amber-600/60 bg-amber-500/10 px-3 py-2 text-sm" data-testid="donate-offline">
      <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden /> {SUPPORT_MESSAGES.offlineDonate}
    </p>
  );
}

type PaypalDonation = { Donation?: { Button: (options: Record<string, unknown>) => { render: (selector: string) => void } } };

/** The provider's hosted donate button; its script is fetched only when online and only once. */
function PaypalDonate({ buttonId }: { buttonId: string }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const render = () => {
      const paypal = (window as unknown as { PayPal?: PaypalDonation }).PayPal;
      const target = document.getElementById('paypal-donate-button');
      if (!paypal?.Donation || !target || target.childElementCount > 0) return;
      paypal.Donation.Button({ env: 'production', hosted_button_id: buttonId }).render('#paypal-donate-button');
    };
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${PAYPAL_DONATE_SCRIPT}"]`);
    if (existing) {
      render();
      return;
    }
    const script = document.createElement('script');
    script.src = PAYPAL_DONATE_SCRIPT;
    script.async = true;
    script.onload = render;
    script.onerror = () => setFailed(true);
    document.body.appendChild(script);
  }, [buttonId]);
  return (
    <div>
      <div id="paypal-donate-button" data-testid="paypal-donate" />
      {failed ? <p className="text-sm text-muted-foreground">The PayPal button could not be loaded right now.</p> : null}
    </div>
  );
}

export function PlatformSupportScreen({ signedIn }: { signedIn: boolean }) {
  const online = useConnectivityStore((s) => s.online);
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={SUPPORT_MESSAGES.platformTitle} subtitle={SUPPORT_MESSAGES.platformSubtitle} icon={<HandHeart />} />
      <Tabs defaultValue="paypal">
        <TabsList>
          <TabsTrigger value="paypal">{SUPPORT_MESSAGES.paypalTab}</TabsTrigger>
          <TabsTrigger value="crypto">{SUPPORT_MESSAGES.cryptoTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="paypal">
          <IconCard icon={Wallet} title={SUPPORT_MESSAGES.paypalTab} description={SUPPORT_MESSAGES.paypalIntro}>
            {!DONATIONS.paypalButtonId ? (
              <NotSetUp text={SUPPORT_MESSAGES.paypalNotSetUp} />
            ) : online ? (
              <PaypalDonate buttonId={DONATIONS.paypalButtonId} />
            ) : (
              <OfflineNote />
            )}
          </IconCard>
        </TabsContent>
        <TabsContent value="crypto">
          <IconCard icon={Bitcoin} title={SUPPORT_MESSAGES.cryptoTab} description={SUPPORT_MESSAGES.cryptoIntro}>
            {!DONATIONS.cryptoCheckoutUrl ? (
              <NotSetUp text={SUPPORT_MESSAGES.cryptoNotSetUp} />
            ) : online ? (
              <Button asChild>
                <a href={DONATIONS.cryptoCheckoutUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden /> {SUPPORT_MESSAGES.cryptoLink}
                </a>
              </Button>
            ) : (
              <OfflineNote />
            )}
          </IconCard>
        </TabsContent>
      </Tabs>
      {signedIn ? (
        <Card className="mt-6">
          <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">{SUPPORT_MESSAGES.setUpTipJarIntro}</p>
            <Button variant="outline" asChild>
              <Link to="/settings/tip-jar">{SUPPORT_MESSAGES.setUpTipJar}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
