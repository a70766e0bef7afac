import { getEnv } from '../_shared/env.ts';

export const AI_ERRORS = {
  notConfigured: 'AI generation is not configured on this server (AI_API_URL, AI_API_KEY, AI_MODEL).',
  adminOnly: 'Only admins can generate blog drafts.',
  signInRequired: 'Sign in to generate blog drafts.',
  promptRequired: 'Prompt is empty',
  promptTooLong: 'The prompt is too long (at most 2000 characters).',
  upstream: (status: number) => `The AI service answered with an error (${status}).`,
  unreachable: 'The AI service could not be reached. Please try again in a moment.',
} as const;

export const PROMPT_MAX_LENGTH = 2000;
export const AI_TIMEOUT_MS = 60_000;
export const MAX_TOKENS = 1200;

export const SYSTEM_PROMPT = [
  'You write blog posts for The Beat Drop, the blog of DJCircle, a community of DJs, producers, labels, promoters and music fans.',
  'Write in markdown. Start with the title on the first line as a level-1 heading, then the body with short sections.',
  'Be practical, friendly and specific; no filler, no made-up quotes from real people.',
].join(' ');

export interface AiSettings {
  url: string;
  key: string;
  model: string;
}

/**
 * The OpenAI-compatible endpoint, read on every
 * request rather than at import: a deployment can set the secrets without a
 * redeploy, and the tests point a running gateway at their stand-in.
 */
export function aiSettings(): AiSettings | null {
  const url = getEnv('AI_API_URL');
  const key = getEnv('AI_API_KEY');
  const model = getEnv('AI_MODEL');
  if (!url || !key || !model) return null;
  return { url: url.replace(/\/$/, ''), key, model };
}
