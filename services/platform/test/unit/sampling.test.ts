import { describe, expect, it } from 'vitest';
import { traceSampleRatio } from '../../src/telemetry/sampling.ts';

describe('trace sampling ratio', () => {
  it('keeps every trace unless configured, and takes a ratio from 0 to 1', () => {
    expect(traceSampleRatio(undefined)).toBe(1);
    expect(traceSampleRatio('')).toBe(1);
    expect(traceSampleRatio('0.01')).toBe(0.01);
    expect(traceSampleRatio('0')).toBe(0);
  });

  it('fails fast on a value that is not a ratio', () => {
    for (const bad of ['abc', '-0.1', '1.5']) expect(() => traceSampleRatio(bad)).toThrow(/TRACE_SAMPLE_RATIO/);
  });
});
