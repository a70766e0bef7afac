import { createFileRoute } from '@tanstack/react-router';
import { PaymentCancelledScreen } from '@/features/payments/components/payment-cancelled-screen';

export const Route = createFileRoute('/_signedIn/payment-cancelled')({
  staticData: { title: 'Payment Cancelled' },
  component: PaymentCancelledScreen,
});
