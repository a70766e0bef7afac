import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PaymentSuccessScreen } from '@/features/payments/components/payment-success-screen';
import { paymentSuccessSearchSchema } from '@/lib/route-search';

// PayPal appends ?token={orderId} to the return URL; the server verifies that order.
const searchSchema = z.extend(paymentSuccessSearchSchema, { token: z.catch(z.optional(z.coerce.string()), undefined) });

export const Route = createFileRoute('/_signedIn/payment-success')({
  staticData: { title: 'Payment Successful' },
  validateSearch: searchSchema,
  component: PaymentSuccessRoute,
});

function PaymentSuccessRoute() {
  const params = Route.useSearch();
  const { user, refreshUser } = useAuth();
  return <PaymentSuccessScreen params={params} member={user ? { username: user.username } : null} refreshUser={refreshUser} />;
}
