import { Link } from '@tanstack/react-router';
import { XCircle } from 'lucide-react';
import { PAYMENT_TEXTS } from '../constants';
import { PaymentNotice } from './payment-notice';

export function PaymentCancelledScreen() {
  return (
    <PaymentNotice
      icon={<XCircle className="mx-auto size-12 text-muted-foreground" aria-hidden />}
      title={PAYMENT_TEXTS.cancelledTitle}
      action={<Link to="/subscriptions">{PAYMENT_TEXTS.backToSubscriptions}</Link>}
    >
      <p className="text-muted-foreground">{PAYMENT_TEXTS.cancelledBody}</p>
    </PaymentNotice>
  );
}
