import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { configDocPath, descriptionOf, renderConfigurationDoc, settings } from '../scripts/config-doc.ts';
import { processSchemas, toolSchemas } from '../scripts/config-schemas.ts';

describe('docs/configuration.md', () => {
  it('is the page the config schemas give (run `node infra/scripts/config-doc.ts` after changing one)', () => {
    expect(fs.readFileSync(configDocPath, 'utf8')).toBe(renderConfigurationDoc());
  });

  it('describes every key of every schema with .describe()', () => {
    const undescribed = [...processSchemas, ...toolSchemas].flatMap(({ name, schema }) =>
      Object.entries(schema.shape as Record<string, z.ZodType>)
        .filter(([, key]) => !descriptionOf(key)?.trim())
        .map(([key]) => `${name}: ${key}`),
    );
    expect(undescribed).toEqual([]);
  });

  it('lists every variable once, with who reads it and its default', () => {
    const page = renderConfigurationDoc();
    for (const setting of settings()) expect(page.match(new RegExp(`^\\| \`${setting.name}\` \\|`, 'gm')), setting.name).toHaveLength(1);
    expect(page).toContain('| `PORT` | every process | `8080` (gateway); required (every service) |');
    expect(page).toContain('| `DATABASE_URL` | every service | required |');
    expect(page).toContain('| `RESET_LINK_KEY` | identity, notifier | unset |');
    expect(page).toContain('| `KAFKA_BROKERS` | every process, `create-topics.ts`, `replay-dlq.ts` | `127.0.0.1:9092` |');
    expect(page).toContain('| `NOTIFIER_URL` | gateway | `http://127.0.0.1:4006` |');
    expect(page).toContain('| `CLIENT_ADDRESS_KEY_FILE` | every process | `<repo>/.data/keys/client-address.key` |');
    expect(page).toContain('## Outside the schemas');
  });
});
