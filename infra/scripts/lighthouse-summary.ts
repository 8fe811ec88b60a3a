// Reads the Lighthouse reports infra/scripts/lighthouse.sh wrote and prints a table of scores and the
// key timings; exits 1 when a page misses a target. Usage: node --import tsx lighthouse-summary.ts <dir>
import fs from 'node:fs';
import path from 'node:path';

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

const targets: Record<string, { mobile: number; desktop: number }> = {
  performance: { mobile: 90, desktop: 0 },
  accessibility: { mobile: 100, desktop: 100 },
  'best-practices': { mobile: 95, desktop: 95 },
  seo: { mobile: 95, desktop: 95 },
};

const dir = process.argv[2] ?? '.data/lighthouse';
const rows: string[] = ['| page | form | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS |', '|---|---|---|---|---|---|---|---|---|---|'];
const misses: string[] = [];
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const [page, form] = path.basename(file, '.json').split('-') as [string, 'mobile' | 'desktop'];
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Report;
  const score = (c: string) => Math.round((report.categories[c]?.score ?? 0) * 100);
  const audit = (a: string) => report.audits[a]?.numericValue ?? NaN;
  for (const [category, target] of Object.entries(targets)) {
    if (score(category) < target[form]) misses.push(`${page} ${form} ${category} ${score(category)} < ${target[form]}`);
  }
  rows.push(
    `| ${page} | ${form} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${audit('first-contentful-paint').toFixed(0)} | ${audit('largest-contentful-paint').toFixed(0)} | ${audit('total-blocking-time').toFixed(0)} | ${audit('cumulative-layout-shift').toFixed(3)} |`,
  );
}
console.log(rows.join('\n'));
fs.writeFileSync(path.join(dir, 'summary.md'), `${rows.join('\n')}\n`);
if (misses.length > 0) {
  console.log(`\nmissed targets:\n  ${misses.join('\n  ')}`);
  process.exit(1);
}
console.log('\nevery page meets the targets');
