import { Link, useNavigate } from '@tanstack/react-router';
import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/stores/toast-store';
import { PAYMENT_COUNTDOWN_SECONDS, PAYMENT_TEXTS, PAYMENT_TOASTS, tierById } from '../constants';
import { activatePaypal } from '../model/activation-api';
import { paymentOutcome, type PaymentParams } from '../model/payment-outcome';
import { PaymentNotice } from './payment-notice';

type Props = {
  params: PaymentParams & { token?: string };
  member: { username: string } | null;
  refreshUser: () => Promise<void>;
};

/**
 * `stay`: the result asks the member to contact support, so it stays on screen
 * instead of counting down and leaving with the instruction.
 */
type Phase = { state: 'loading' } | { state: 'done'; ok: boolean; title: string; stay: boolean; tierLabel: string | null; message: string | null };

export function PaymentSuccessScreen({ params, member, refreshUser }: Props) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ state: 'loading' });
  const [seconds, setSeconds] = useState(PAYMENT_COUNTDOWN_SECONDS);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const outcome = paymentOutcome(params);
    if (outcome.kind === 'invalid') {
      toast({ ...PAYMENT_TOASTS.invalid, variant: 'destructive' });
      setPhase({ state: 'done', ok: false, title: PAYMENT_TEXTS.invalidTitle, stay: false, tierLabel: null, message: PAYMENT_TEXTS.invalidBody });
      return;
    }
    if (outcome.kind === 'tier-missing') {
      toast({ ...PAYMENT_TOASTS.tierMissing, variant: 'destructive' });
      setPhase({
        state: 'done',
        ok: false,
        title: PAYMENT_TOASTS.activationErrorTitle,
        stay: true,
        tierLabel: null,
        message: PAYMENT_TOASTS.tierMissing.description,
      });
      return;
    }
    if (outcome.kind === 'coinbase') {
      toast({ ...PAYMENT_TOASTS.confirmed, variant: 'success' });
      setPhase({ state: 'done', ok: true, title: PAYMENT_TEXTS.successTitle, stay: false, tierLabel: outcome.display, message: null });
      return;
    }
    if (!member) {
      toast({ ...PAYMENT_TOASTS.loginRequired, variant: 'destructive' });
      void navigate({ to: '/login', search: { from: window.location.pathname + window.location.search } });
      return;
    }
    activatePaypal(outcome.tierId, params.token).then(
      async () => {
        await refreshUser();
        toast({ ...PAYMENT_TOASTS.unlocked, variant: 'success' });
        setPhase({
          state: 'done',
          ok: true,
          title: PAYMENT_TEXTS.successTitle,
          stay: false,
          tierLabel: tierById(outcome.tierId)?.name ?? outcome.tierId.toUpperCase(),
          message: null,
        });
      },
      (err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        toast({ title: PAYMENT_TOASTS.activationErrorTitle, description: `${message} ${PAYMENT_TOASTS.activationErrorSuffix}`, variant: 'destructive' });
        setPhase({
          state: 'done',
          ok: false,
          title: PAYMENT_TOASTS.activationErrorTitle,
          stay: true,
          tierLabel: null,
          message: `${message} ${PAYMENT_TEXTS.activationFailedBody}`,
        });
      },
    );
  }, [params, member, navigate, refreshUser]);

  const done = phase.state === 'done' && !phase.stay;
  useEffect(() => {
    if (!done) return;
    if (seconds <= 0) {
      if (member) void navigate({ to: '/profile/$username', params: { username: member.username } });
      else void navigate({ to: '/' });
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [done, seconds, member, navigate]);

  if (!member) {
    return (
      <PaymentNotice title={PAYMENT_TEXTS.loginRequiredTitle} action={<Link to="/login">{PAYMENT_TEXTS.logIn}</Link>}>
        <p className="text-muted-foreground">{PAYMENT_TEXTS.loginRequiredBody}</p>
      </PaymentNotice>
    );
  }
  if (phase.state === 'loading') {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
        <Loader2 className="size-5 animate-spin" aria-hidden />
        {PAYMENT_TEXTS.activating}
      </p>
    );
  }
  return (
    <PaymentNotice
      testId="payment-result"
      icon={
        phase.ok ? (
          <CheckCircle2 className="mx-auto size-12 text-green-500" aria-hidden />
        ) : (
          <AlertTriangle className="mx-auto size-12 text-destructive" aria-hidden />
        )
      }
      title={phase.title}
      contentClassName="space-y-2"
      action={
        <Link to="/profile/$username" params={{ username: member.username }}>
          {PAYMENT_TEXTS.goToProfile}
        </Link>
      }
    >
      {phase.ok ? <p>{PAYMENT_TEXTS.successBody}</p> : <p className="text-muted-foreground">{phase.message}</p>}
      {phase.tierLabel ? (
        <p data-testid="payment-tier">
          {PAYMENT_TEXTS.tierLabel}: <strong>{phase.tierLabel}</strong>
        </p>
      ) : null}
      {phase.stay ? null : (
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="payment-countdown">
          {PAYMENT_TEXTS.countdown(seconds)}
        </p>
      )}
    </PaymentNotice>
  );
}
