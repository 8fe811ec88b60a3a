// The test command's summary: the counts of every runner's report, and under each stage the tests that
// failed, by name, so the last lines of a CI log say which test broke and not only which stage.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failureLine, summarize, tryLine } from '../scripts/test-summary.ts';

/** A try that ran out of time, as Playwright's json reporter writes it: the timeout, then the step it was on. */
function timedOut(duration: number) {
  return {
    duration,
    status: 'timedOut',
    error: { message: '\u001b[31mTest timeout of 45000ms exceeded.\u001b[39m' },
    errors: [
      { message: '\u001b[31mTest timeout of 45000ms exceeded.\u001b[39m' },
      {
        location: { file: '/work/frontend/e2e/search.spec.ts', column: 52, line: 7 },
        message:
          "Error: locator.click: Test timeout of 45000ms exceeded.\nCall log:\n\u001b[2m  - waiting for getByRole('button', { name: 'Search' })\u001b[22m\n\n\n>  7 |   await page.getByRole('button', { name: 'Search' }).click();\n    at /work/frontend/e2e/search.spec.ts:7:52",
      },
    ],
  };
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-summary-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: unknown) {
  fs.writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
}

const vitestReport = {
  numPassedTests: 2,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  numFailedTestSuites: 1,
  testResults: [
    {
      name: path.join(process.cwd(), 'gateway/test/integration/pages-live.test.ts'),
      status: 'failed',
      message: '',
      assertionResults: [
        { ancestorTitles: ['pages (live)'], title: 'a rename shows at once', status: 'passed', failureMessages: [] },
        {
          ancestorTitles: ['pages (live)', 'unapproved'],
          title: 'its page answers 404',
          status: 'failed',
          failureMessages: ['\u001b[31mAssertionError: expected 503 to be 404\u001b[39m\n    at pages-live.test.ts:56:52'],
        },
      ],
    },
    { name: path.join(process.cwd(), 'a/b.test.ts'), status: 'passed', assertionResults: [{ title: 'fine', status: 'passed' }] },
  ],
};

describe('the test summary', () => {
  it('counts every report, names each failed test with its first error line, and ends on the one summary line', () => {
    write('01-unit.rc', '1');
    write('01-unit.all.vitest.json', vitestReport);
    write('01-unit.seconds', '12');
    write('02-browser.rc', '1');
    write('02-browser.all.playwright.json', {
      stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 0 },
      errors: [],
      suites: [
        {
          title: 'search.spec.ts',
          file: 'search.spec.ts',
          specs: [{ title: 'top level', tests: [{ status: 'expected', results: [{}] }] }],
          suites: [
            {
              title: 'Search',
              specs: [
                {
                  title: 'filters by equipment',
                  tests: [{ status: 'unexpected', results: [{ duration: 2100, error: { message: 'first try' } }, timedOut(45_012)] }],
                },
                { title: 'retried and passed', tests: [{ status: 'flaky', results: [{ error: { message: 'x' } }, {}] }] },
              ],
            },
          ],
        },
      ],
    });
    write('03-fuzz.rc', '1');
    write(
      '03-fuzz.admin.junit.xml',
      `<testsuites><testsuite name="schemathesis">
        <testcase name="GET /api/hotels" time="1" />
        <testcase name="POST /api/contact" time="2"><failure type="failure" message="Server error: 500 &amp; &lt;html&gt;">details</failure></testcase>
        <testcase name="GET /api/skip" time="0"><skipped /></testcase>
      </testsuite></testsuites>`,
    );
    write('04-k6-smoke.rc', '99');
    write('04-k6-smoke.smoke.k6.json', {
      metrics: {
        checks: { values: { passes: 9, fails: 1 } },
        'http_req_duration{group:::search}': { values: {}, thresholds: { 'p(95)<500': { ok: false }, 'p(99)<900': { ok: true } } },
      },
      root_group: { name: '', checks: [], groups: [{ name: 'search', checks: [{ name: 'search answers', passes: 9, fails: 1 }], groups: [] }] },
    });
    write('05-lint.rc', '0');
    write('06-typecheck.rc', '2');

    const { lines, total } = summarize(dir);
    expect(total).toEqual({ passed: 2 + 4 + 1 + 9 + 1, failed: 1 + 1 + 1 + 2 + 1, skipped: 1 + 1 });
    expect(lines).toEqual([
      '  unit                       2 passed, 1 failed, 1 skipped    12 s',
      '    ✗ gateway/test/integration/pages-live.test.ts > pages (live) > unapproved > its page answers 404: AssertionError: expected 503 to be 404',
      '  browser                    4 passed, 1 failed',
      '    ✗ search.spec.ts > Search > filters by equipment: Test timeout of 45000ms exceeded.',
      '        try 1, 2.1 s',
      "        try 2, 45.0 s: stopped at search.spec.ts:7, locator.click: Test timeout of 45000ms exceeded. (waiting for getByRole('button', { name: 'Search' }))",
      '  fuzz                       1 passed, 1 failed, 1 skipped',
      '    ✗ POST /api/contact: Server error: 500 & <html>',
      '  k6-smoke                   9 passed, 2 failed',
      '    ✗ search > search answers: failed 1 of 10',
      '    ✗ threshold http_req_duration{group:::search}: p(95)<500 not met',
      '  lint                       1 passed, 0 failed',
      '  typecheck                  0 passed, 1 failed',
    ]);
  });

  it('names a test file that failed to load, and shows at most eight failures under a stage', () => {
    write('01-routes.rc', '1');
    write('01-routes.all.vitest.json', {
      numPassedTests: 0,
      numFailedTests: 10,
      numFailedTestSuites: 2,
      testResults: [
        { name: path.join(process.cwd(), 'x/broken.test.ts'), status: 'failed', message: 'Error: Cannot find module ./nope\n  at x', assertionResults: [] },
        {
          name: path.join(process.cwd(), 'x/many.test.ts'),
          status: 'failed',
          assertionResults: Array.from({ length: 10 }, (_, i) => ({ ancestorTitles: [], title: `case ${i}`, status: 'failed', failureMessages: ['boom'] })),
        },
      ],
    });
    const { lines } = summarize(dir);
    expect(lines[1]).toBe('    ✗ x/broken.test.ts: Error: Cannot find module ./nope');
    expect(lines.filter((l) => l.startsWith('    ✗'))).toHaveLength(8);
    expect(lines.at(-1)).toBe("    … and 3 more, named in the stage's output above");
  });

  it('keeps a failure on one line: colour codes gone, the first non-blank line, long messages cut', () => {
    expect(failureLine('t', '\n\n  \u001b[1mError\u001b[22m: first\nsecond').line).toBe('t: Error: first');
    expect(failureLine('t').line).toBe('t');
    const { line: long } = failureLine('t', 'x'.repeat(500));
    expect(long).toHaveLength('t: '.length + 200);
    expect(long.endsWith('…')).toBe(true);
  });

  it("says where a Playwright try stopped from the pending step's error, and only its duration when none is located", () => {
    expect(tryLine(2, timedOut(45_012))).toBe(
      "try 2, 45.0 s: stopped at search.spec.ts:7, locator.click: Test timeout of 45000ms exceeded. (waiting for getByRole('button', { name: 'Search' }))",
    );
    expect(tryLine(1, { duration: 900, errors: [{ message: 'Error: expect(received).toBe(expected)' }] })).toBe('try 1, 0.9 s');
    expect(tryLine(1, {})).toBe('try 1');
  });
});
