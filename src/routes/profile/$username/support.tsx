import { createFileRoute } from '@tanstack/react-router';
import { TipScreen } from '@/features/support/components/tip-screen';

export const Route = createFileRoute('/profile/$username/support')({
  staticData: { title: 'Tip Creator' },
  component: TipRoute,
});

function TipRoute() {
  const { username } = Route.useParams();
  return <TipScreen key={username} username={username} />;
}
