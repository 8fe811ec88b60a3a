/**
 * Which schema each process and tool reads its environment with: the registry docs/configuration.md is generated
 * from (config-doc.ts) and the Helm chart's check takes each process's variable names from (helm-check.ts). Every
 * process of contracts' services table and the gateway must be here (checked when this module loads).
 */
import type { z } from 'zod';
import { backEndNames, gatewayProcess } from '@reproute/contracts';
import { kafkaConfigSchema, postgresTlsConfigSchema, topicsConfigSchema } from '@reproute/platform';
import { configSchema as gateway } from '../../gateway/src/config.ts';
import { configSchema as identity } from '../../services/identity/src/config.ts';
import { configSchema as catalog, prunePhotosConfigSchema } from '../../services/catalog/src/config.ts';
import { configSchema as engagement } from '../../services/engagement/src/config.ts';
import { configSchema as referral } from '../../services/referral/src/config.ts';
import { configSchema as analytics } from '../../services/analytics/src/config.ts';
import { configSchema as notifier } from '../../services/notifier/src/config.ts';
import { configSchema as webhooks } from '../../services/webhooks/src/config.ts';

export interface SchemaOf {
  /** The process (as in the services table, or `gateway`) or the tool (its file). */
  name: string;
  schema: z.ZodObject;
}

/** The long-running processes: the gateway, then the services table's order. */
export const processSchemas: readonly SchemaOf[] = [
  { name: 'gateway', schema: gateway },
  { name: 'identity', schema: identity },
  { name: 'catalog', schema: catalog },
  { name: 'engagement', schema: engagement },
  { name: 'referral', schema: referral },
  { name: 'analytics', schema: analytics },
  { name: 'notifier', schema: notifier },
  { name: 'webhooks', schema: webhooks },
];

/**
 * The tools with schemas of their own. `base`: the process schema a tool's extends, whose settings it reads as that
 * process does (only what it adds is listed under the tool).
 */
export const toolSchemas: readonly (SchemaOf & { base?: z.ZodObject })[] = [
  { name: 'create-topics.ts', schema: topicsConfigSchema },
  { name: 'replay-dlq.ts', schema: kafkaConfigSchema },
  { name: 'migrate.ts', schema: postgresTlsConfigSchema },
  { name: 'prune-photos.ts', schema: prunePhotosConfigSchema, base: catalog },
];

const expected = [gatewayProcess.name, ...backEndNames];
const registered = processSchemas.map((entry) => entry.name);
if (expected.join() !== registered.join()) {
  throw new Error(`infra/scripts/config-schemas.ts lists ${registered.join(', ')}; the services table and the gateway are ${expected.join(', ')}`);
}

/** The variables a process reads: its schema's keys. */
export function variablesOf(processName: string): string[] {
  const entry = processSchemas.find((candidate) => candidate.name === processName);
  if (!entry) throw new Error(`no config schema registered for ${processName}`);
  return Object.keys(entry.schema.shape);
}
