import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { loginSearchSchema } from '@/lib/route-search';

export const Route = createFileRoute('/login')({
  staticData: { title: 'Log In' },
  validateSearch: loginSearchSchema,
  component: LoginRoute,
});

function LoginRoute() {
  const { from, status } = Route.useSearch();
  return <LoginScreen from={from} status={status} />;
}
