// Prints one line per runner, under it the name and first error line of each test that failed (so the
// tail of a CI log says which test, not only which stage), and then the suite's one summary line,
// `N passed, N failed[, N skipped]`, from the machine-readable reports the test command asks each runner
// for. A stage that ran but left no report (it crashed before writing one) counts as one failure, so a
// broken runner is never silent.
// Usage: node infra/scripts/test-summary.ts <results dir>   (exit code 1 when anything failed)
import fs from 'node:fs';
import path from 'node:path';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** One failed test: its name and the first line of its error, and lines that say more (where each try stopped). */
interface Failure {
  line: string;
  details?: string[];
}

/** What a report says: its counts and its failures. */
interface Report extends Counts {
  failures: Failure[];
}

type Reader = (file: string) => Report;

/** `name: first line of the error`, the error's line without colour codes and cut to one terminal line. */
export function failureLine(name: string, message?: string): Failure {
  const first = plainLines(message).find(Boolean);
  if (!first) return { line: name };
  return { line: `${name}: ${cut(first)}` };
}

/** A message's lines, without colour codes, trimmed. */
function plainLines(message?: string): string[] {
  // eslint-disable-next-line no-control-regex
  return (message ?? '').replace(/\x1b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim());
}

const cut = (line: string) => (line.length > 200 ? `${line.slice(0, 199)}…` : line);

interface PlaywrightResult {
  duration?: number;
  error?: { message?: string };
  errors?: { message?: string; location?: { file: string; line: number } }[];
}

/**
 * Where one try of a Playwright test stopped: its duration, and the step it was on (a timeout's own error
 * names no step; the error Playwright adds for the pending action does, with its file, line and call log),
 * so a CI log whose artifacts are gone still says which step stalled.
 */
export function tryLine(n: number, result: PlaywrightResult): string {
  const took = result.duration === undefined ? '' : `, ${(result.duration / 1000).toFixed(1)} s`;
  const step = result.errors?.find((e) => e.location);
  if (!step?.location) return `try ${n}${took}`;
  const lines = plainLines(step.message);
  const action = lines.find(Boolean)?.replace(/^Error: /, '') ?? '';
  const waiting = lines.filter((l) => l.startsWith('- ')).at(-1)?.slice(2);
  const where = `${path.basename(step.location.file)}:${step.location.line}`;
  return cut(`try ${n}${took}: stopped at ${where}, ${action}${waiting ? ` (${waiting})` : ''}`);
}

interface VitestFile {
  name: string;
  status?: string;
  message?: string;
  assertionResults?: { ancestorTitles?: string[]; title: string; status: string; failureMessages?: string[] }[];
}

/** vitest's json reporter (jest-compatible totals). */
const vitest: Reader = (file) => {
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number | undefined> & { testResults?: VitestFile[] };
  const n = (key: string) => (r[key] as number | undefined) ?? 0;
  // A file that failed to load (syntax error, failed hook) has no test counted in it: count the suite.
  const brokenSuites = n('numFailedTestSuites') > 0 && n('numFailedTests') === 0 ? n('numFailedTestSuites') : 0;
  const failures: Failure[] = [];
  for (const suite of r.testResults ?? []) {
    const where = path.relative(process.cwd(), suite.name);
    const failed = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) failures.push(failureLine([where, ...(t.ancestorTitles ?? []), t.title].join(' > '), t.failureMessages?.[0]));
    if (failed.length === 0 && suite.status === 'failed') failures.push(failureLine(where, suite.message));
  }
  return { passed: n('numPassedTests'), failed: n('numFailedTests') + brokenSuites, skipped: n('numPendingTests') + n('numTodoTests'), failures };
};

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; line?: number; tests: { projectName?: string; status: string; results: PlaywrightResult[] }[] }[];
  suites?: PlaywrightSuite[];
}

/** Playwright's json reporter: `flaky` passed on a retry, so it counts as passed. */
const playwright: Reader = (file) => {
  const { stats, errors, suites } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    stats: Record<string, number | undefined>;
    errors?: { message?: string }[];
    suites?: PlaywrightSuite[];
  };
  const n = (key: string) => stats[key] ?? 0;
  const failures: Failure[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const here = suite.file && titles.length === 0 ? [suite.file] : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests.filter((x) => x.status === 'unexpected')) {
        const last = t.results.at(-1);
        const failure = failureLine([...here, spec.title].join(' > '), last?.error?.message);
        failures.push({ ...failure, details: t.results.map((result, i) => tryLine(i + 1, result)) });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of suites ?? []) walk(suite, []);
  for (const e of errors ?? []) failures.push(failureLine('(outside any test)', e.message));
  return { passed: n('expected') + n('flaky'), failed: n('unexpected') + (errors?.length ?? 0), skipped: n('skipped'), failures };
};

/** JUnit XML (schemathesis): one <testcase> per operation. */
const junit: Reader = (file) => {
  const xml = fs.readFileSync(file, 'utf8');
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failures: Failure[] = [];
  for (const [, attrs = '', body = ''] of xml.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const failure = /<(?:failure|error)\b([^>]*)>?([^<]*)/.exec(body);
    if (failure) {
      failed += 1;
      const name = xmlText(/\bname="([^"]*)"/.exec(attrs)?.[1] ?? '(unnamed)');
      failures.push(failureLine(name, xmlText(/\bmessage="([^"]*)"/.exec(failure[1] ?? '')?.[1] ?? failure[2] ?? '')));
    } else if (/<skipped\b/.test(body)) skipped += 1;
    else passed += 1;
  }
  return { passed, failed, skipped, failures };
};

function xmlText(s: string): string {
  return s.replace(/&(lt|gt|quot|apos|amp|#(\d+)|#x([0-9a-f]+));/gi, (_, name: string, dec?: string, hex?: string) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16))
    : ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' } as Record<string, string>)[name.toLowerCase()]!);
}

interface K6Group {
  name: string;
  checks?: { name: string; passes: number; fails: number }[];
  groups?: K6Group[];
}

/** k6's summary: every check, plus one failure per threshold that was not met. */
const k6: Reader = (file) => {
  const { metrics, root_group: root } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    metrics: Record<string, { values: Record<string, number>; thresholds?: Record<string, { ok: boolean }> }>;
    root_group?: K6Group;
  };
  const checks = metrics.checks?.values ?? { passes: 0, fails: 0 };
  const failures: Failure[] = [];
  const walk = (group: K6Group, titles: string[]) => {
    const here = group.name ? [...titles, group.name] : titles;
    for (const c of group.checks ?? []) if (c.fails > 0) failures.push({ line: `${[...here, c.name].join(' > ')}: failed ${c.fails} of ${c.passes + c.fails}` });
    for (const child of group.groups ?? []) walk(child, here);
  };
  if (root) walk(root, []);
  let brokenThresholds = 0;
  for (const [metric, m] of Object.entries(metrics)) {
    const broken = Object.entries(m.thresholds ?? {}).filter(([, t]) => !t.ok).map(([expression]) => expression);
    if (broken.length === 0) continue;
    brokenThresholds += 1;
    failures.push({ line: `threshold ${metric}: ${broken.join(', ')} not met` });
  }
  return { passed: checks.passes ?? 0, failed: (checks.fails ?? 0) + brokenThresholds, skipped: 0, failures };
};

const readers: [RegExp, Reader][] = [
  [/\.vitest\.json$/, vitest],
  [/\.playwright\.json$/, playwright],
  [/\.junit\.xml$/, junit],
  [/\.k6\.json$/, k6],
];

/** Failed tests named under a stage's line; the rest are in the stage's own output. */
const MAX_FAILURES_SHOWN = 8;

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
    const failures: Failure[] = [];
    const reports = files.filter((n) => n.startsWith(`${stage}.`) && readers.some(([pattern]) => pattern.test(n)));
    for (const name of reports) {
      const reader = readers.find(([pattern]) => pattern.test(name))![1];
      try {
        const c = reader(path.join(dir, name));
        counts.passed += c.passed;
        counts.failed += c.failed;
        counts.skipped += c.skipped;
        failures.push(...c.failures);
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
    for (const f of failures.slice(0, MAX_FAILURES_SHOWN)) lines.push(`    ✗ ${f.line}`, ...(f.details ?? []).map((d) => `        ${d}`));
    if (failures.length > MAX_FAILURES_SHOWN) lines.push(`    … and ${failures.length - MAX_FAILURES_SHOWN} more, named in the stage's output above`);
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
