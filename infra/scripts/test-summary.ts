// Prints one line per runner and then the suite's one summary line, `N passed, N failed[, N skipped]`,
// from the machine-readable reports the test command asks each runner for. A stage that ran but left
// no report (it crashed before writing one) counts as one failure, so a broken runner is never silent.
// Usage: node infra/scripts/test-summary.ts <results dir>   (exit code 1 when anything failed)
import fs from 'node:fs';
import path from 'node:path';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

type Reader = (file: string) => Counts;

/** vitest's json reporter (jest-compatible totals). */
const vitest: Reader = (file) => {
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number | undefined>;
  const n = (key: string) => r[key] ?? 0;
  // A file that failed to load (syntax error, failed hook) has no test counted in it: count the suite.
  const brokenSuites = n('numFailedTestSuites') > 0 && n('numFailedTests') === 0 ? n('numFailedTestSuites') : 0;
  return { passed: n('numPassedTests'), failed: n('numFailedTests') + brokenSuites, skipped: n('numPendingTests') + n('numTodoTests') };
};

/** Playwright's json reporter: `flaky` passed on a retry, so it counts as passed. */
const playwright: Reader = (file) => {
  const { stats, errors } = JSON.parse(fs.readFileSync(file, 'utf8')) as { stats: Record<string, number | undefined>; errors?: unknown[] };
  const n = (key: string) => stats[key] ?? 0;
  return { passed: n('expected') + n('flaky'), failed: n('unexpected') + (errors?.length ?? 0), skipped: n('skipped') };
};

/** JUnit XML (schemathesis): one <testcase> per operation. */
const junit: Reader = (file) => {
  const xml = fs.readFileSync(file, 'utf8');
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const [, body = ''] of xml.matchAll(/<testcase\b[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    if (/<(failure|error)\b/.test(body)) failed += 1;
    else if (/<skipped\b/.test(body)) skipped += 1;
    else passed += 1;
  }
  return { passed, failed, skipped };
};

/** k6's summary: every check, plus one failure per threshold that was not met. */
const k6: Reader = (file) => {
  const { metrics } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    metrics: Record<string, { values: Record<string, number>; thresholds?: Record<string, { ok: boolean }> }>;
  };
  const checks = metrics.checks?.values ?? { passes: 0, fails: 0 };
  const brokenThresholds = Object.values(metrics).filter((m) => m.thresholds && Object.values(m.thresholds).some((t) => !t.ok)).length;
  return { passed: checks.passes ?? 0, failed: (checks.fails ?? 0) + brokenThresholds, skipped: 0 };
};

const readers: [RegExp, Reader][] = [
  [/\.vitest\.json$/, vitest],
  [/\.playwright\.json$/, playwright],
  [/\.junit\.xml$/, junit],
  [/\.k6\.json$/, k6],
];

/**
 * Every stage leaves `<stage>.rc` (its exit code) and, when its runner has one, reports named
 * `<stage>[.<part>].<kind>.<ext>`. A stage with no report (typecheck, lint) is one check; a runner that
 * exited non-zero while its reports count no failure (it crashed, or wrote nothing) adds one failure.
 */
export function summarize(dir: string): { lines: string[]; total: Counts } {
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const lines: string[] = [];
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  for (const rcFile of files.filter((n) => n.endsWith('.rc'))) {
    const stage = rcFile.slice(0, -'.rc'.length);
    const rc = Number(fs.readFileSync(path.join(dir, rcFile), 'utf8').trim() || '1');
    const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
    const notes: string[] = [];
    const reports = files.filter((n) => n.startsWith(`${stage}.`) && readers.some(([pattern]) => pattern.test(n)));
    for (const name of reports) {
      const reader = readers.find(([pattern]) => pattern.test(name))![1];
      try {
        const c = reader(path.join(dir, name));
        counts.passed += c.passed;
        counts.failed += c.failed;
        counts.skipped += c.skipped;
      } catch (err) {
        counts.failed += 1;
        notes.push(`unreadable report ${name}: ${(err as Error).message}`);
      }
    }
    if (reports.length === 0) {
      if (rc === 0) counts.passed += 1;
      else counts.failed += 1;
    } else if (rc !== 0 && counts.failed === 0) {
      counts.failed += 1;
      notes.push(`exited ${rc} with no failed test counted`);
    }
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    const label = stage.replace(/^\d+-/, '').padEnd(26);
    // How long the stage took (test.sh writes `<stage>.seconds`; the fault stage runs beside the others).
    const secondsFile = path.join(dir, `${stage}.seconds`);
    const took = fs.existsSync(secondsFile) ? `${fs.readFileSync(secondsFile, 'utf8').trim()} s` : '';
    lines.push(`  ${label} ${summaryLine(counts).padEnd(32)} ${took}${notes.length ? `  (${notes.join('; ')})` : ''}`.trimEnd());
  }
  return { lines, total };
}

export function summaryLine({ passed, failed, skipped }: Counts): string {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: test-summary.ts <results dir>');
    process.exit(2);
  }
  const { lines, total } = summarize(dir);
  console.log(['', 'Test summary by runner:', ...lines, ''].join('\n'));
  console.log(summaryLine(total));
  process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
}
