import { Link } from '@tanstack/react-router';
import { XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { PAYMENT_TEXTS } from '../constants';

export function PaymentCancelledScreen() {
  return (
    <Card className="mx-auto mt-8 max-w-md text-center">
      <CardHeader>
        <XCircle className="mx-auto size-12 text-muted-foreground" aria-hidden />
        <CardTitle role="heading" aria-level={1} className="text-2xl">
          {PAYMENT_TEXTS.cancelledTitle}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-muted-foreground">{PAYMENT_TEXTS.cancelledBody}</p>
      </CardContent>
      <CardFooter className="justify-center">
        <Button asChild>
          <Link to="/subscriptions">{PAYMENT_TEXTS.backToSubscriptions}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
