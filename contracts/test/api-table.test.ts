import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointList } from '../src/index.ts';
import { apiDocPath, renderApiTable, withCurrentTable } from '../scripts/api-table.ts';

describe('docs/api.md', () => {
  it('holds the table the endpoint definitions give (run contracts/scripts/api-table.ts after changing one)', () => {
    const doc = fs.readFileSync(apiDocPath, 'utf8');
    expect(withCurrentTable(doc)).toBe(doc);
  });

  it('lists every routed endpoint once, with who may call it', () => {
    const table = renderApiTable();
    for (const endpoint of endpointList.filter((e) => !e.internal)) {
      const docPath = endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(table, endpoint.key).toContain(`\`${endpoint.method} ${docPath}`);
    }
    expect(table).toContain('| `POST /api/leads` `{shareContact, hotelId, userId?, name?, email?, message?, checkInDate?, checkOutDate?, guests?, referralUrl?, referralId?}` | anyone |');
    expect(table).toContain('| `GET /api/provider/leads?hotelId=&status=&from=&to=&page=&limit=` | provider |');
  });
});
