import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const lib = path.resolve(import.meta.dirname, '../scripts/lib.sh');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'keep-log-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Runs lib.sh's keep_log on a file with LOG_KEEP_MB as given. */
function keepLog(file: string, keepMb: string): void {
  execFileSync('bash', ['-c', `source "${lib}" && keep_log "$1"`, 'keep-log', file], {
    env: { ...process.env, LOG_KEEP_MB: keepMb, REPROUTE_DATA: path.join(scratch, 'data') },
  });
}

describe('keep_log (a process log before its process starts again)', () => {
  it('leaves a log under the limit where it is, and moves one past it to NAME.log.1, replacing the one before', () => {
    const file = path.join(scratch, 'gateway.log');
    fs.writeFileSync(file, 'x'.repeat(512 * 1024));
    keepLog(file, '1');
    expect(fs.statSync(file).size).toBe(512 * 1024);
    expect(fs.existsSync(`${file}.1`)).toBe(false);

    fs.writeFileSync(`${file}.1`, 'the older one');
    fs.appendFileSync(file, 'y'.repeat(1024 * 1024));
    keepLog(file, '1');
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.statSync(`${file}.1`).size).toBe(1536 * 1024);
    // No log yet (a first start): nothing to do, and no error.
    keepLog(file, '1');
    expect(fs.existsSync(file)).toBe(false);
  });
});
