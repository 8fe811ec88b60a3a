import { describe, expect, it } from 'vitest';
import { seedPassword } from '../../src/domain/seed.ts';

describe('seedPassword', () => {
  it('uses the documented default only on local runs; in production an account needs its password given', () => {
    expect(seedPassword(undefined, 'Admin!2345', 'development')).toBe('Admin!2345');
    expect(seedPassword('', 'Admin!2345', 'test')).toBe('Admin!2345');
    expect(seedPassword(undefined, 'Admin!2345', 'production')).toBeUndefined();
    expect(seedPassword('', 'Admin!2345', 'production')).toBeUndefined();
    expect(seedPassword('Ch0sen!Pass', 'Admin!2345', 'production')).toBe('Ch0sen!Pass');
    expect(seedPassword('Ch0sen!Pass', 'Admin!2345', 'development')).toBe('Ch0sen!Pass');
  });
});
