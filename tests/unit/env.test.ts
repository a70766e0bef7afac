import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';

describe('the build-time environment', () => {
  it('reads the project, demo logins and image transforms, with their defaults', () => {
    expect(parseEnv({})).toEqual({ supabaseUrl: 'http://localhost:54321', supabaseAnonKey: '', demoLogins: true, imageTransforms: true });
    expect(
      parseEnv({ VITE_SUPABASE_URL: 'https://x.supabase.co', VITE_SUPABASE_ANON_KEY: 'k', VITE_DEMO_LOGINS: 'false', VITE_IMAGE_TRANSFORMS: '0' }),
    ).toEqual({
      supabaseUrl: 'https://x.supabase.co',
      supabaseAnonKey: 'k',
      demoLogins: false,
      imageTransforms: false,
    });
    // A flag with another value is not given.
    expect(parseEnv({ VITE_DEMO_LOGINS: 'nope', VITE_IMAGE_TRANSFORMS: 'nope' })).toMatchObject({ demoLogins: true, imageTransforms: true });
  });

  it('fails at start-up on a project address that is not a URL', () => {
    expect(() => parseEnv({ VITE_SUPABASE_URL: 'not a url' })).toThrow(/VITE_SUPABASE_URL is not a URL/);
    expect(() => parseEnv({ VITE_SUPABASE_URL: '' })).toThrow(/VITE_SUPABASE_URL is not a URL/);
    expect(() => parseEnv({ VITE_SUPABASE_ANON_KEY: 42 })).toThrow();
  });
});
