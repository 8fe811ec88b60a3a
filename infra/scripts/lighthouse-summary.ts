// Reads the Lighthouse reports infra/scripts/lighthouse.sh wrote and prints a table of scores and the
// key timings, and what moved on a page whose layout shift is over the line; exits 1 when a page misses a target. Usage: node --import tsx lighthouse-summary.ts <dir>
import fs from 'node:fs';
import path from 'node:path';

interface ShiftItem {
  score?: number;
  node?: { selector?: string; snippet?: string };
  subItems?: { items?: { cause?: string }[] };
}

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: ShiftItem[] } }>;
}

/** The issue's line for layout shift on every page and form factor. */
const maxLayoutShift = 0.05;

const targets: Record<string, { mobile: number; desktop: number }> = {
  performance: { mobile: 90, desktop: 0 },
  accessibility: { mobile: 100, desktop: 100 },
  'best-practices': { mobile: 95, desktop: 95 },
  seo: { mobile: 95, desktop: 95 },
};

const dir = process.argv[2] ?? '.data/lighthouse';
const rows: string[] = ['| page | form | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS |', '|---|---|---|---|---|---|---|---|---|---|'];
const misses: string[] = [];
const shifts: string[] = [];
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const [page, form] = path.basename(file, '.json').split('-') as [string, 'mobile' | 'desktop'];
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Report;
  const score = (c: string) => Math.round((report.categories[c]?.score ?? 0) * 100);
  const audit = (a: string) => report.audits[a]?.numericValue ?? NaN;
  for (const [category, target] of Object.entries(targets)) {
    if (score(category) < target[form]) misses.push(`${page} ${form} ${category} ${score(category)} < ${target[form]}`);
  }
  const shift = audit('cumulative-layout-shift');
  if (shift >= maxLayoutShift) {
    misses.push(`${page} ${form} layout shift ${shift.toFixed(3)} >= ${maxLayoutShift}`);
    // What moved, as Lighthouse saw it: a shift that comes once in many runs is otherwise gone with the report.
    for (const item of report.audits['layout-shifts']?.details?.items ?? []) {
      const causes = (item.subItems?.items ?? []).map((sub) => sub.cause).filter(Boolean);
      shifts.push(`${page} ${form}: ${(item.score ?? 0).toFixed(3)} ${item.node?.selector ?? '?'} ${(item.node?.snippet ?? '').slice(0, 160)}${causes.length ? ` (${causes.join('; ')})` : ''}`);
    }
  }
  rows.push(
    `| ${page} | ${form} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${audit('first-contentful-paint').toFixed(0)} | ${audit('largest-contentful-paint').toFixed(0)} | ${audit('total-blocking-time').toFixed(0)} | ${audit('cumulative-layout-shift').toFixed(3)} |`,
  );
}
console.log(rows.join('\n'));
const moved = shifts.length ? `\nwhat moved:\n  ${shifts.join('\n  ')}` : '';
if (moved) console.log(moved);
fs.writeFileSync(path.join(dir, 'summary.md'), `${rows.join('\n')}\n${moved}`);
if (misses.length > 0) {
  console.log(`\nmissed targets:\n  ${misses.join('\n  ')}`);
  process.exit(1);
}
console.log('\nevery page meets the targets');
