export type ProfileResult = {
  type: 'profile';
  id: string;
  path: string;
  avatar_url: string | null;
  username: string;
  display_name: string | null;
  role: string | null;
  bio: string | null;
  karma: number | null;
};
export type BlogPostResult = {
  type: 'blog_post';
  id: string;
  path: string;
  cover_image_url: string | null;
  title: string;
  excerpt: string | null;
  author_username: string | null;
  author_display_name: string | null;
  author_avatar_url: string | null;
  published_at: string | null;
  tags: string[] | null;
};
export type DiscussionResult = {
  type: 'discussion';
  id: string;
  path: string;
  title: string;
  category: string | null;
  author_username: string | null;
  author_display_name: string | null;
  author_avatar_url: string | null;
  created_at: string | null;
  post_count: number | null;
};
export type UnknownResult = { type: string; id: string; path?: string };
export type SearchResult = ProfileResult | BlogPostResult | DiscussionResult | UnknownResult;

export type SearchResponse = { results: SearchResult[]; totalCount: number };
