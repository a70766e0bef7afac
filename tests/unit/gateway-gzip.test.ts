import { describe, expect, it } from 'vitest';
import { acceptsGzip } from '../../supabase/local/gateway/gzip';

describe("the gateway's reading of Accept-Encoding", () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['identity', false],
    [undefined, false],
    ['', false],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['br, *;q=0.1', true],
    ['deflate', false],
    ['GZIP', true],
  ])('%s takes gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
