import { useCommunityStats, useFeaturedArtists } from '../hooks/use-home-data';
import { CommunityStatsGrid, FeaturedArtistsList } from './home-sections';

/** Featured members and community counts, live from the local store (a chunk of its own, see home-screen). */
export default function HomeLiveSections() {
  const { value: docs, loading } = useFeaturedArtists();
  const stats = useCommunityStats();
  return (
    <>
      {/* Hidden once loaded with nobody featured. */}
      {!loading && docs.length === 0 ? null : <FeaturedArtistsList artists={docs} />}
      <CommunityStatsGrid stats={stats} />
    </>
  );
}
