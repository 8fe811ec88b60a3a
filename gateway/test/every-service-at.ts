import { backEndNames } from '@reproute/contracts';
import { upstreamVariable } from '../src/config.ts';

/** The gateway's configuration sending every back-end process to one address (a test's stand-in). */
export function everyServiceAt(url: string): Record<string, string> {
  return Object.fromEntries(backEndNames.map((name) => [upstreamVariable(name), url]));
}
