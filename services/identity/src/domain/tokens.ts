import { randomUUID } from 'node:crypto';
import { SignJWT, type CryptoKey } from 'jose';
import { tokenClaims, type JsonWebKeySet, type OrganisationClaim, type PublicSigningKey, type TokenClaims } from '@reproute/contracts';
import { verifyAccessToken } from '@reproute/platform/auth';
import { rolesFor, type RoleFlags } from './users.ts';

/** The identity service's signing key: Ed25519, published (public half only) as a JWKS. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: PublicSigningKey;
}

export interface TokenSubject extends RoleFlags {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** The account's address is proved: only then does a token claim `email_verified`. */
  emailVerified: boolean;
}

export const signingAlgorithm = 'EdDSA';

/** Issues and verifies access tokens: JWTs signed EdDSA with the claims of `tokenClaims`. */
export class TokenIssuer {
  private readonly key: SigningKey;
  private readonly options: { issuer: string; ttlSeconds: number; now?: () => number; organisationOf?: (userId: string) => Promise<OrganisationClaim | undefined> };

  /** `organisationOf`: the account's organisation and grants now, for the token's `org` claim (organisations). */
  constructor(
    key: SigningKey,
    options: { issuer: string; ttlSeconds: number; now?: () => number; organisationOf?: (userId: string) => Promise<OrganisationClaim | undefined> },
  ) {
    this.key = key;
    this.options = options;
  }

  private nowSeconds(): number {
    return Math.floor((this.options.now?.() ?? Date.now()) / 1000);
  }

  /**
   * `notBefore` (seconds): the token's iat is never earlier, so a token issued in the same second
   * as a password reset (or as the token it replaces) is not mistaken for an older one.
   */
  async issue(subject: TokenSubject, options: { notBefore?: number } = {}): Promise<{ token: string; claims: TokenClaims }> {
    const issuedAt = Math.max(this.nowSeconds(), Math.ceil(options.notBefore ?? 0));
    const org = subject.isProvider ? await this.options.organisationOf?.(subject.id) : undefined;
    const claims = tokenClaims.parse({
      sub: subject.id,
      email: subject.email,
      roles: rolesFor(subject),
      firstName: subject.firstName,
      lastName: subject.lastName,
      email_verified: subject.emailVerified,
      ...(org ? { org } : {}),
      jti: randomUUID(),
      exp: issuedAt + this.options.ttlSeconds,
    });
    const token = await new SignJWT({ email: claims.email, roles: claims.roles, firstName: claims.firstName, lastName: claims.lastName, email_verified: claims.email_verified, ...(claims.org ? { org: claims.org } : {}) })
      .setProtectedHeader({ alg: signingAlgorithm, kid: this.key.kid, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(this.options.issuer)
      .setIssuedAt(issuedAt)
      .setExpirationTime(claims.exp)
      .setJti(claims.jti)
      .sign(this.key.privateKey);
    return { token, claims };
  }

  /** Signature, issuer and expiry checked; throws on any failure. Revocation is checked by the caller. */
  verify(token: string): Promise<TokenClaims> {
    return verifyAccessToken(token, this.key.publicKey, this.options.issuer);
  }

  /** The public key, for verifying this service's own tokens without fetching its JWKS. */
  get verificationKey(): CryptoKey {
    return this.key.publicKey;
  }

  /** The JSON Web Key Set the gateway and the services verify tokens with. */
  jwks(): JsonWebKeySet {
    return { keys: [this.key.publicJwk] };
  }
}
