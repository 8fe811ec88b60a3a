import { describe, expect, it } from 'vitest';
import { connectionRetryDelaySeconds, formatMinutesSeconds, generateErrorId } from './countdown';

describe('countdowns', () => {
  it('connection retry: 30 s, +10 s per failure, capped at 60 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(connectionRetryDelaySeconds)).toEqual([30, 40, 50, 60, 60, 60]);
  });
  it('formats m:ss', () => {
    expect(formatMinutesSeconds(300)).toBe('5:00');
    expect(formatMinutesSeconds(299)).toBe('4:59');
    expect(formatMinutesSeconds(61)).toBe('1:01');
    expect(formatMinutesSeconds(0)).toBe('0:00');
    expect(formatMinutesSeconds(-3)).toBe('0:00');
  });
  it('makes distinct error ids', () => {
    expect(generateErrorId(0, () => 0)).toBe('ERR-0-0000');
    expect(generateErrorId()).not.toBe(generateErrorId(Date.now() + 1));
  });
});
