import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { logMark } from '../../src/testing/stack.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-mark-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('logMark (what the stack logged while a test ran)', () => {
  it('gives what each log gained since the mark; a log created since, or cut shorter, from its start', () => {
    const write = (name: string, text: string) => fs.appendFileSync(path.join(dir, name), text);
    write('gateway.log', 'before the test\n');
    write('catalog.log', 'a long history\n'.repeat(100));
    write('notes.txt', 'not a log');
    const mark = logMark(dir);
    write('gateway.log', 'é during the test\n');
    fs.writeFileSync(path.join(dir, 'catalog.log'), 'started again\n');
    write('referral.log', 'a new process\n');
    const written = mark.read();
    expect([...written.keys()].sort()).toEqual(['catalog.log', 'gateway.log', 'referral.log']);
    expect(written.get('gateway.log')).toBe('é during the test\n');
    expect(written.get('catalog.log')).toBe('started again\n');
    expect(written.get('referral.log')).toBe('a new process\n');
  });
});
