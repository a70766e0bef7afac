import { describe, expect, it } from 'vitest';
import { testStack } from '../support/clients';

describe('gateway', () => {
  it('refuses REST calls without an API key, as Supabase does', async () => {
    const res = await fetch(`${testStack().apiUrl}/rest/v1/`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
  });
});
