import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { BotScreen } from '@/features/bot/components/bot-screen';

export const Route = createFileRoute('/_signedIn/dj-bot')({
  staticData: { title: 'DJ.Bot' },
  component: BotRoute,
});

function BotRoute() {
  const { user } = useAuth();
  return <BotScreen username={user?.username ?? null} />;
}
