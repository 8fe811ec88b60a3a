import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passwordResetSealContext } from '@reproute/contracts';
import { seal, unseal } from '@reproute/platform/sealing';
import { passwordResetEmail } from '../../src/templates/account.ts';
import { openSealedEmail } from '../../src/domain/email.ts';

const userId = '00000000-0000-4000-8000-0000000000aa';

describe('password reset email', () => {
  it('keeps the token sealed in the queued email and opens it into the link only when sent', () => {
    const key = randomBytes(32);
    const token = 'Abc123_-secretTokenValue';
    const queued = passwordResetEmail(
      { userId, email: 'ann@example.com', firstName: 'Ann', sealedToken: seal(key, token, passwordResetSealContext(userId)), expiresAt: new Date().toISOString() },
      'https://app.example',
    );
    expect(JSON.stringify(queued)).not.toContain(token);
    const sent = openSealedEmail(queued, (value, context) => unseal(key, value, context));
    expect(sent.text).toContain(`https://app.example/reset-password?token=${token}`);
    expect(sent.html).toContain(`href="https://app.example/reset-password?token=${token}"`);
    expect(sent).not.toHaveProperty('sealed');
    expect(sent.text).not.toContain('{{sealed:');
  });

  it('cannot be opened for another account', () => {
    const key = randomBytes(32);
    const queued = passwordResetEmail(
      { userId, email: 'ann@example.com', firstName: null, sealedToken: seal(key, 'x', passwordResetSealContext('00000000-0000-4000-8000-0000000000bb')), expiresAt: new Date().toISOString() },
      'https://app.example',
    );
    expect(() => openSealedEmail(queued, (value, context) => unseal(key, value, context))).toThrow();
  });
});
