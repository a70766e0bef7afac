import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PaymentSuccessScreen } from '@/features/payments/components/payment-success-screen';
import { paymentSuccessSearchSchema } from '@/lib/route-search';

export const Route = createFileRoute('/_signedIn/payment-success')({
  staticData: { title: 'Payment Successful' },
  validateSearch: paymentSuccessSearchSchema,
  component: PaymentSuccessRoute,
});

function PaymentSuccessRoute() {
  const params = Route.useSearch();
  const { user, refreshUser } = useAuth();
  return <PaymentSuccessScreen params={params} member={user ? { username: user.username } : null} refreshUser={refreshUser} />;
}
