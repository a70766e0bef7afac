import { createFileRoute } from '@tanstack/react-router';
import { RoutePlaceholder } from '@/routes/-components/route-placeholder';

export const Route = createFileRoute('/')({
  component: HomeScreen,
});

function HomeScreen() {
  return <RoutePlaceholder title="The Future of DJ Culture" subtitle="Connect, create, share and grow with DJs, producers and music fans." coming={['A search form that sends you to /search', "'Explore Directory' or 'Join the Movement', and 'Learn More'", 'Feature cards, the audience section, Featured Artists and community stats', 'Who is online now, and a closing call to action']} />;
}
