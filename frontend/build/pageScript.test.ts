import { describe, expect, it } from 'vitest';
import { buildPageScript } from './pageScript';

describe('the page script as built', () => {
  it('is one script that defines no global and cannot close its own element', async () => {
    const code = await buildPageScript();
    expect(code).toMatch(/^"use strict";\(\(\)=>\{[\s\S]*\}\)\(\);$/);
    expect(code).not.toMatch(/<\/script|<!--/i);
    expect(code).toContain('"rr-modules"');
    expect(code).toContain('"data-prerendered"');
    expect(await buildPageScript()).toBe(code);
  });
});
