import { Link } from '@tanstack/react-router';
import { Check, Crown } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/stores/toast-store';
import { PAYMENT_TEXTS, PAYMENT_TOASTS, TIERS } from '../constants';
import { startPaypalCheckout } from '../model/activation-api';

/** /subscriptions: the three tiers, the member's current one, and how to pay. */
export function SubscriptionsScreen({ member }: { member: { subscription_tier: string } | null }) {
  const [pending, setPending] = useState<string | null>(null);
  const [cryptoOpen, setCryptoOpen] = useState(false);
  const current = member?.subscription_tier ?? null;

  async function payWithPaypal(tierId: string) {
    setPending(tierId);
    try {
      const { approveUrl } = await startPaypalCheckout(tierId);
      window.location.assign(approveUrl);
    } catch (err) {
      toast({ title: PAYMENT_TOASTS.orderFailedTitle, description: err instanceof Error ? err.message : String(err), variant: 'destructive' });
      setPending(null);
    }
  }

  return (
    <div>
      <PageHeader title={PAYMENT_TEXTS.subscriptionsTitle} subtitle={PAYMENT_TEXTS.subscriptionsSubtitle} icon={<Crown />} />
      {current ? (
        <p className="mb-4 text-sm" data-testid="current-tier">
          {PAYMENT_TEXTS.currentTier}: <strong>{TIERS.find((t) => t.id === current)?.name ?? current}</strong>
        </p>
      ) : null}
      <ul className="grid gap-4 md:grid-cols-3">
        {TIERS.map((tier) => {
          const isCurrent = current === tier.id;
          const paid = tier.id !== 'free';
          return (
            <li key={tier.id}>
              <Card className={`flex h-full flex-col ${isCurrent ? 'border-primary' : ''}`} data-testid={`tier-${tier.id}`}>
                <CardHeader>
                  <CardTitle className="flex items-center justify-between gap-2">
                    <span>{tier.name}</span>
                    {isCurrent ? <Badge>{PAYMENT_TEXTS.currentBadge}</Badge> : null}
                  </CardTitle>
                  <p className="text-2xl font-bold">
                    {paid ? (
                      <>
                        ${tier.priceUsd}
                        <span className="text-sm font-normal text-muted-foreground"> {PAYMENT_TEXTS.perMonth}</span>
                      </>
                    ) : (
                      PAYMENT_TEXTS.free
                    )}
                  </p>
                </CardHeader>
                <CardContent className="flex-1">
                  <ul className="space-y-2 text-sm">
                    {tier.features.map((f) => (
                      <li key={f} className="flex gap-2">
                        <Check className="size-4 shrink-0 text-primary" aria-hidden />
                        {f}
                      </li>
                    ))}
                  </ul>
                </CardContent>
                {paid && !isCurrent ? (
                  <CardFooter className="flex flex-col gap-2">
                    {member ? (
                      <>
                        <Button
                          className="w-full"
                          onClick={() => void payWithPaypal(tier.id)}
                          disabled={pending !== null}
                          aria-label={`${PAYMENT_TEXTS.payWithPaypal}: ${tier.name}`}
                        >
                          {pending === tier.id ? PAYMENT_TEXTS.redirecting : PAYMENT_TEXTS.payWithPaypal}
                        </Button>
                        <Button
                          className="w-full"
                          variant="outline"
                          onClick={() => setCryptoOpen(true)}
                          aria-label={`${PAYMENT_TEXTS.payWithCrypto}: ${tier.name}`}
                        >
                          {PAYMENT_TEXTS.payWithCrypto}
                        </Button>
                      </>
                    ) : (
                      <Button asChild className="w-full">
                        <Link to="/login" search={{ from: '/subscriptions' }}>
                          {PAYMENT_TEXTS.loginToSubscribe}
                        </Link>
                      </Button>
                    )}
                  </CardFooter>
                ) : null}
              </Card>
            </li>
          );
        })}
      </ul>
      <Dialog open={cryptoOpen} onOpenChange={setCryptoOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{PAYMENT_TEXTS.cryptoTitle}</DialogTitle>
            <DialogDescription>{PAYMENT_TEXTS.cryptoBody}</DialogDescription>
          </DialogHeader>
          <Button asChild>
            <Link to="/contact">{PAYMENT_TEXTS.contactTeam}</Link>
          </Button>
        </DialogContent>
      </Dialog>
    </div>
  );
}
