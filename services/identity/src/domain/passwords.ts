import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * argon2id hashing. Checking a password for an unknown account verifies against a dummy hash
 * made with the same parameters, so an unknown email costs the same time as a wrong password.
 */
export class PasswordHasher {
  private readonly dummyHash: Promise<string>;

  private readonly params: Argon2Params;

  constructor(params: Argon2Params) {
    this.params = params;
    this.dummyHash = this.hash(randomBytes(24).toString('base64url'));
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, ...this.params });
  }

  /** True only when `hash` exists and matches; a missing hash still spends one verification. */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash) {
      await argon2.verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false; // a malformed stored hash never signs anyone in
    }
  }

  /** A hash made with older parameters is replaced after the next successful sign-in. */
  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, this.params);
    } catch {
      return true;
    }
  }
}
