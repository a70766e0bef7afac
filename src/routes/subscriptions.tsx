import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { SubscriptionsScreen } from '@/features/payments/components/subscriptions-screen';

export const Route = createFileRoute('/subscriptions')({
  staticData: { title: 'Subscriptions' },
  component: SubscriptionsRoute,
});

function SubscriptionsRoute() {
  const { user } = useAuth();
  return <SubscriptionsScreen member={user ? { subscription_tier: user.subscription_tier } : null} />;
}
