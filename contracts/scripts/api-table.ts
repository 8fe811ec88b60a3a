/**
 * docs/api.md's table of calls, made from the endpoint definitions (`contracts/src/endpoints`).
 * `node --import tsx contracts/scripts/api-table.ts` rewrites the table in place; the unit test
 * `contracts/test/api-table.test.ts` fails when the file and the definitions disagree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { endpointList, type Access, type Endpoint } from '../src/index.ts';

export const apiDocPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/api.md');
export const tableStart = '<!-- endpoints: generated from contracts/src/endpoints by contracts/scripts/api-table.ts; do not edit by hand -->';
export const tableEnd = '<!-- endpoints: end -->';

const who: Record<Access, string> = { public: 'anyone', signedIn: 'signed in', provider: 'provider', admin: 'admin' };

/** The gateway's own calls, which no service owns. */
const gatewayRows = [
  '| `GET /api/health` | anyone | `{ status: "healthy" }` or 503 `{ status: "unhealthy", services: { name: "up" or "down" } }` |',
  '| `GET /api/docs` | anyone | the OpenAPI document of every call below, merged from the services\' documents (made from these same definitions) |',
];

/** The object shape behind a schema (through refinements, pipes and preprocessing), or undefined. */
function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  let current: unknown = schema;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const candidate = current as { shape?: Record<string, z.ZodType>; _zod?: { def?: { in?: unknown; out?: unknown; innerType?: unknown } } };
    if (candidate.shape) return candidate.shape;
    const def = candidate._zod?.def;
    current = def?.innerType ?? (def?.out && (def.out as { shape?: unknown }).shape ? def.out : def?.in);
  }
  return undefined;
}

const isOptional = (schema: z.ZodType) => (schema as unknown as { safeParse: (v: unknown) => { success: boolean } }).safeParse(undefined).success;

function callCell(endpoint: Endpoint): string {
  const docPath = endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}');
  const query = shapeOf(endpoint.query);
  const queryText = query && Object.keys(query).length ? `?${Object.keys(query).map((k) => `${k}=`).join('&')}` : '';
  const body = endpoint.multipart ? undefined : shapeOf(endpoint.body);
  const bodyText = body ? ` \`{${Object.entries(body).map(([k, v]) => (isOptional(v) ? `${k}?` : k)).join(', ')}}\`` : endpoint.multipart ? ' multipart' : '';
  return `\`${endpoint.method} ${docPath}${queryText}\`${bodyText}`;
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderApiTable(): string {
  const rows = endpointList
    .filter((endpoint) => !endpoint.internal)
    .map((endpoint) => `| ${callCell(endpoint)} | ${who[endpoint.access]} | ${escapeCell(endpoint.doc ?? endpoint.summary)} |`);
  return [tableStart, '', '| call | who | answer |', '|---|---|---|', ...gatewayRows, ...rows, '', tableEnd].join('\n');
}

/** docs/api.md with its table replaced by the one the definitions give. */
export function withCurrentTable(doc: string): string {
  const start = doc.indexOf(tableStart);
  const end = doc.indexOf(tableEnd);
  if (start < 0 || end < start) throw new Error(`docs/api.md has no generated table (markers ${tableStart} … ${tableEnd})`);
  return doc.slice(0, start) + renderApiTable() + doc.slice(end + tableEnd.length);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const doc = fs.readFileSync(apiDocPath, 'utf8');
  const next = withCurrentTable(doc);
  if (next !== doc) fs.writeFileSync(apiDocPath, next);
  console.log(next === doc ? 'docs/api.md is current' : 'docs/api.md table rewritten from the endpoint definitions');
}
