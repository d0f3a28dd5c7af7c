/**
 * Editors' passwords, hashed with scrypt (Node's `crypto.scrypt`), a memory-hard function: each
 * guess costs 64 MiB and a fraction of a second, so a stolen database is slow to attack.
 *
 * scrypt rather than `crypto.argon2`: Node 24 has Argon2id, but the site also runs on Node 22.22
 * (package.json's engines), which does not. Parameters are OWASP's for scrypt at 64 MiB
 * (N=2^16, r=8, p=2); they are stored with each hash, so stronger ones can come later without
 * invalidating the old.
 *
 * Plain Node TypeScript: imports name their `.ts` files.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export type Parameters = { N: number; r: number; p: number };
const PARAMETERS: Parameters = { N: 2 ** 16, r: 8, p: 2 };
const KEY_BYTES = 32;

const derive = (password: string, salt: Buffer, { N, r, p }: Parameters) =>
  new Promise<Buffer>((resolve, reject) => {
    const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

/**
 * `scrypt$N$r$p$salt$key`, salt and key in base64. `parameters`: only tests make cheaper hashes
 * (a hash takes up to 2.5 s on a busy 2-core machine).
 */
export async function hashPassword(password: string, parameters = PARAMETERS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, parameters);
  const { N, r, p } = parameters;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A hash of no password, checked when the account does not exist: the answer takes as long. */
let decoy: Promise<string> | undefined;

/** Whether `password` is the one `stored` was made from (undefined: no such account, false). */
export async function verifyPassword(password: string, stored: string | undefined) {
  const hash = stored ?? (await (decoy ??= hashPassword(randomBytes(16).toString('hex'))));
  const [scheme, N, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected) && stored !== undefined;
}

/** The shortest password an account accepts (a passphrase of a few words is longer). */
export const MIN_PASSWORD_LENGTH = 12;
