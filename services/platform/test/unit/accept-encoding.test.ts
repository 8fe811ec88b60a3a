import { describe, expect, it } from 'vitest';
import { acceptedEncodings } from '../../src/accept-encoding.ts';

describe('Accept-Encoding', () => {
  it('takes every encoding named without q=0', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect([...acceptedEncodings('br;q=0, gzip; q=0.5, *;q=0.1')]).toEqual(['gzip', '*']);
    expect([...acceptedEncodings(' BR ;Q=1')]).toEqual(['br']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
    expect([...acceptedEncodings('')]).toEqual([]);
  });
});
