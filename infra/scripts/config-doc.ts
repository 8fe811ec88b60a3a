/**
 * docs/configuration.md, made from the config schemas (config-schemas.ts): every variable, which processes read it,
 * its default and its description (each key's zod `.describe()`), plus a short hand-written section on what is read
 * outside the schemas. `node infra/scripts/config-doc.ts` rewrites the page; the unit test
 * infra/test/config-doc.test.ts fails when the page and the schemas disagree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { backEndNames } from '@reproute/contracts';
import { processConfigSchema, serviceConfigSchema } from '@reproute/platform';
import { processSchemas, toolSchemas } from './config-schemas.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const configDocPath = path.join(root, 'docs/configuration.md');

type Def = { type?: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; defaultValue?: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas inside a wrapper (a default, an optional, a pipe), outermost first. */
function inner(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  if (def.innerType) return [def.innerType];
  if (def.type === 'pipe') return [def.in, def.out].filter((s): s is z.ZodType => s !== undefined);
  return [];
}

/** A key's description: its `.describe()`, on it or on the schema it wraps. */
export function descriptionOf(schema: z.ZodType): string | undefined {
  if (schema.description) return schema.description;
  for (const wrapped of inner(schema)) {
    const found = descriptionOf(wrapped);
    if (found) return found;
  }
  return undefined;
}

type Fallback = { kind: 'default'; value: unknown } | { kind: 'unset' } | { kind: 'required' };

/** What a key is when its variable is not set: a default, unset, or required. */
function fallbackOf(schema: z.ZodType): Fallback {
  const def = defOf(schema);
  if (def.type === 'default' || def.type === 'prefault') return { kind: 'default', value: def.defaultValue };
  if (def.type === 'optional') return { kind: 'unset' };
  for (const wrapped of inner(schema)) {
    const found = fallbackOf(wrapped);
    if (found.kind !== 'required') return found;
  }
  return { kind: 'required' };
}

function renderValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.startsWith(`${root}/`) ? `<repo>/${path.relative(root, value)}` : value;
    return `\`${shown}\``;
  }
  return `\`${String(value)}\``;
}

function renderFallback(fallback: Fallback): string {
  if (fallback.kind === 'default') return renderValue(fallback.value);
  return fallback.kind;
}

const processNames = processSchemas.map((entry) => entry.name);

/** Who reads a variable, in words: every process, every service, or their names. */
function readersText(processes: string[]): string {
  if (processes.length === processNames.length) return 'every process';
  if (backEndNames.every((name) => processes.includes(name))) {
    const others = processes.filter((name) => !(backEndNames as readonly string[]).includes(name));
    return ['every service', ...others].join(', ');
  }
  return processes.join(', ');
}

interface Setting {
  name: string;
  processes: string[];
  tools: string[];
  description: string | undefined;
  defaults: string;
}

/** Every variable of the registered schemas, in the order of the processes' schemas, then the tools'. */
export function settings(): Setting[] {
  const names: string[] = [];
  const add = (name: string) => names.includes(name) || names.push(name);
  for (const { schema } of processSchemas) Object.keys(schema.shape).forEach(add);
  for (const { schema, base } of toolSchemas) Object.keys(schema.shape).filter((name) => !base || !(name in base.shape)).forEach(add);
  return names.map((name) => {
    const readers = processSchemas.filter(({ schema }) => name in schema.shape);
    const tools = toolSchemas.filter(({ schema, base }) => name in schema.shape && !(base && name in base.shape)).map((tool) => tool.name);
    const keyOf = (schema: z.ZodObject) => schema.shape[name] as z.ZodType;
    const all = [...readers.map(({ schema }) => keyOf(schema)), ...toolSchemas.filter((tool) => tools.includes(tool.name)).map(({ schema }) => keyOf(schema))];
    // The defaults, by who has each (the processes; the tools only when no process reads the variable).
    const holders = readers.length > 0 ? readers : toolSchemas.filter((tool) => tools.includes(tool.name));
    const byDefault = new Map<string, string[]>();
    for (const { name: holder, schema } of holders) {
      const text = renderFallback(fallbackOf(keyOf(schema)));
      byDefault.set(text, [...(byDefault.get(text) ?? []), holder]);
    }
    const defaults =
      byDefault.size === 1
        ? [...byDefault.keys()][0]!
        : [...byDefault.entries()].map(([text, who]) => `${text} (${readers.length > 0 ? readersText(who) : who.join(', ')})`).join('; ');
    return {
      name,
      processes: readers.map((reader) => reader.name),
      tools,
      description: all.map(descriptionOf).find((text) => text !== undefined),
      defaults,
    };
  });
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function row(setting: Setting): string {
  const readBy = [setting.processes.length > 0 ? readersText(setting.processes) : '', ...setting.tools.map((tool) => `\`${tool}\``)].filter(Boolean).join(', ');
  return `| \`${setting.name}\` | ${readBy} | ${escapeCell(setting.defaults)} | ${escapeCell(setting.description ?? '')} |`;
}

/** The page's sections: who a variable belongs to (the first that reads it: the process schema, the services' part, one process, a tool). */
function sections(all: Setting[]): { title: string; intro: string; rows: Setting[] }[] {
  const processKeys = new Set(Object.keys(processConfigSchema.shape));
  const serviceKeys = new Set(Object.keys(serviceConfigSchema.shape));
  const taken = new Set<string>();
  const take = (predicate: (setting: Setting) => boolean) =>
    all.filter((setting) => !taken.has(setting.name) && predicate(setting)).map((setting) => (taken.add(setting.name), setting));
  const out = [
    { title: 'Every process', intro: 'The process schema (`processConfigSchema`, `services/platform/src/config.ts`): every service, the notifier and the gateway read these.', rows: take((s) => processKeys.has(s.name)) },
    { title: 'Every service', intro: 'What the services, the notifier included, add to it (`serviceConfigSchema`): their database, what they keep, identity\'s keys.', rows: take((s) => serviceKeys.has(s.name)) },
    ...processSchemas.map(({ name }) => ({
      title: name === 'gateway' ? 'Gateway' : `${name[0]!.toUpperCase()}${name.slice(1)}`,
      intro: `\`${name === 'gateway' ? 'gateway/src/config.ts' : `services/${name}/src/config.ts`}\`.`,
      rows: take((s) => s.processes.includes(name)),
    })),
    { title: 'Tools', intro: 'Scripts with schemas of their own (`infra/scripts/`, `services/catalog/scripts/`); they also read what the table names them beside.', rows: take(() => true) },
  ];
  return out.filter((section) => section.rows.length > 0);
}

/** What is read outside the schemas, kept by hand here. */
const outsideTheSchemas = `## Outside the schemas

Read by the build, the shell scripts, glibc or the test support rather than by a process's schema:

| variable | read by | default | description |
|---|---|---|---|
| \`VITE_MAP_TILE_URL\`, \`VITE_MAP_TILE_ATTRIBUTION\` | the front-end build (\`infra/scripts/frontend.sh build\`) | unset: OpenStreetMap (\`https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png\`, "© OpenStreetMap contributors") | The search map's tiles, fixed at build time. Empty: no tile layer (markers on a plain background, as in tests). Another tile host must also be allowed in the gateway's \`img-src\` (\`gateway/src/plugins/security-headers.ts\`). |
| \`INSTANCES\` | \`make up\`, \`infra/scripts/services.sh\` | \`1\` | Instances of each process on one machine: \`2\` (every service, the notifier and the gateway), or per name, \`catalog=3 notifier=2\` (others 1). Instance N listens on the first one's port + 100 × (N − 1) (README, "Several instances on one machine"). |
| \`SERVICES\` | \`infra/env.sh\`, \`infra/scripts/migrate.ts\` | every service of \`contracts/src/services.ts\` as \`name:port\` | The back-end processes and their ports for the shell scripts (\`infra/test/service-table.test.ts\` keeps it equal to the table). |
| \`STACK\`, \`STACK_PORT_OFFSET\` | \`infra/env.sh\`, the test support | \`main\`, 0 | Another, independent copy of the whole system beside the main one: every port moves by the offset and its state lives in \`.data/stacks/<STACK>\`. |
| \`MALLOC_ARENA_MAX\` | glibc (the catalog: \`services.sh\`, the chart) | \`1\` for the catalog | One malloc arena, so memory freed after a photo decode is reused rather than kept per thread. |
| \`PGHOST\`, \`PGPORT\`, \`PGDATABASE\`, \`PGPASSWORD\` | \`infra/scripts/migrate.ts\`, node-postgres | \`127.0.0.1\`, \`5432\`, \`reproute\`, none | Where \`migrate.ts\` (the chart's migration Job) reaches Postgres as each service's role; node-postgres reads \`PGPASSWORD\` when \`DATABASE_URL\` carries no password (the chart: \`<service>-db-password\`). |
| \`SEED_ADMIN_PASSWORD\`, \`SEED_PROVIDER_PASSWORD\`, \`SEED_TRAVELLER_PASSWORD\` (and \`SEED_*_EMAIL\`) | the seeds (\`infra/scripts/seed.sh\`) | local development passwords; with \`NODE_ENV=production\` none: an account is created only when its password is given | The seed accounts. |
| \`SERVICE_DIR\` | the image's \`CMD\` (Dockerfile) | \`gateway\` | Which process the one image runs (\`services/catalog\`, \`gateway\`, ...). |
`;

export function renderConfigurationDoc(): string {
  const all = settings();
  const missing = all.filter((setting) => !setting.description).map((setting) => setting.name);
  if (missing.length > 0) throw new Error(`config keys without a .describe(): ${missing.join(', ')}`);
  const parts = [
    '# Configuration',
    '',
    '<!-- generated from the config schemas by infra/scripts/config-doc.ts (node infra/scripts/config-doc.ts); do not edit by hand -->',
    '',
    'Every process validates its environment with zod at start (`startProcess`, `services/platform/src/boot.ts`) and exits 78',
    'naming every missing or invalid variable, never echoing a value. Each process\'s schema extends the process schema',
    '(`services/platform/src/config.ts`): the services add their database part, and each service and the gateway its own',
    'settings. Local runs take their values from `infra/env.sh` (and `infra/scripts/services.sh`, which sets each',
    'process\'s name, port and instance); `docker-compose.yml` and the Helm chart (`infra/helm/reproute`) set the same names.',
    'An unset variable takes the default below; `required`: the process does not start without it; `unset`: the',
    'description says what then happens. `<repo>` is the repository (`/app` in the image).',
    '',
  ];
  for (const section of sections(all)) {
    parts.push(`## ${section.title}`, '', section.intro, '', '| variable | read by | default | description |', '|---|---|---|---|', ...section.rows.map(row), '');
  }
  parts.push(outsideTheSchemas);
  return parts.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(configDocPath, renderConfigurationDoc());
  process.stdout.write(`wrote ${path.relative(root, configDocPath)}\n`);
}
