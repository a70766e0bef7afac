import { createFileRoute } from '@tanstack/react-router';
import { SignupScreen } from '@/features/auth/components/signup-screen';
import { signupSearchSchema } from '@/lib/route-search';

export const Route = createFileRoute('/signup')({
  staticData: { title: 'Sign Up' },
  validateSearch: signupSearchSchema,
  component: SignupRoute,
});

function SignupRoute() {
  const { from } = Route.useSearch();
  return <SignupScreen from={from} />;
}
