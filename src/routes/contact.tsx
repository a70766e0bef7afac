import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ContactScreen } from '@/features/contact/components/contact-screen';

export const Route = createFileRoute('/contact')({
  staticData: { title: 'Contact' },
  component: ContactRoute,
});

function ContactRoute() {
  const { user } = useAuth();
  return <ContactScreen key={user?.id ?? 'guest'} member={user ? { id: user.id, name: user.display_name, email: user.email ?? null } : null} />;
}
