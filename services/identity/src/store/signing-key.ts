import fs from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { PublicSigningKey } from '@reproute/contracts';
import type { Logger } from '@reproute/platform';
import { signingAlgorithm, type SigningKey } from '../domain/tokens.ts';

function assertEd25519(jwk: JWK, source: string): asserts jwk is JWK & { x: string; d: string } {
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string' || typeof jwk.d !== 'string') {
    throw new Error(`${source} is not an Ed25519 private key in JWK form (kty OKP, crv Ed25519, x and d)`);
  }
}

async function fromPrivateJwk(jwk: JWK & { x: string }): Promise<SigningKey> {
  const publicPart = { kty: 'OKP', crv: 'Ed25519', x: jwk.x } as const;
  const kid = jwk.kid ?? (await calculateJwkThumbprint(publicPart));
  const publicJwk: PublicSigningKey = { ...publicPart, kid, alg: signingAlgorithm, use: 'sig' };
  return {
    kid,
    privateKey: (await importJWK({ ...jwk, alg: signingAlgorithm }, signingAlgorithm)) as CryptoKey,
    publicKey: (await importJWK(publicJwk, signingAlgorithm)) as CryptoKey,
    publicJwk,
  };
}

async function readKeyFile(file: string, logger: Logger): Promise<JWK | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const mode = (await fs.stat(file)).mode & 0o777;
  if (mode & 0o077) {
    await fs.chmod(file, 0o600);
    logger.warn({ file }, 'signing key file was readable by others; permissions set to 0600');
  }
  return JSON.parse(text) as JWK;
}

/**
 * The signing key, from JWT_PRIVATE_KEY (JWK JSON) when set, else from the key file, which is
 * created with a fresh Ed25519 key (mode 0600) on first start. The key never enters the repo.
 */
export async function loadSigningKey(options: { privateJwkJson?: string; file: string; logger: Logger }): Promise<SigningKey> {
  const { logger, file } = options;
  if (options.privateJwkJson) {
    let jwk: JWK;
    try {
      jwk = JSON.parse(options.privateJwkJson) as JWK;
    } catch {
      throw new Error('JWT_PRIVATE_KEY is not valid JSON (expected an Ed25519 JWK)');
    }
    assertEd25519(jwk, 'JWT_PRIVATE_KEY');
    const key = await fromPrivateJwk(jwk);
    logger.info({ kid: key.kid }, 'signing key loaded from JWT_PRIVATE_KEY');
    return key;
  }

  let jwk = await readKeyFile(file, logger);
  if (!jwk) {
    const { privateKey } = await generateKeyPair(signingAlgorithm, { crv: 'Ed25519', extractable: true });
    const generated = await exportJWK(privateKey);
    generated.kid = await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: generated.x });
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      // 'wx': never overwrite a key another process wrote first.
      await fs.writeFile(file, `${JSON.stringify(generated)}\n`, { mode: 0o600, flag: 'wx' });
      logger.info({ file, kid: generated.kid }, 'generated a new signing key');
      jwk = generated;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      jwk = await readKeyFile(file, logger);
    }
  }
  if (!jwk) throw new Error(`could not read the signing key file ${file}`);
  assertEd25519(jwk, file);
  const key = await fromPrivateJwk(jwk);
  logger.info({ kid: key.kid }, 'signing key loaded');
  return key;
}
