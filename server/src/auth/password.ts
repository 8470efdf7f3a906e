import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scryptAsync = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((done, fail) =>
    scrypt(password, salt, keylen, options, (error, key) => (error ? fail(error) : done(key))),
  );

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
/** The parameters of hashes written from now on: the default, or the configured cost. */
let current: ScryptParams = DEFAULT_PARAMS;

/** Sets the scrypt cost (N) of new hashes (config `passwordHashCost`); stored hashes keep theirs. */
export const usePasswordHashCost = (N: number = DEFAULT_PARAMS.N): void => {
  current = { ...DEFAULT_PARAMS, N };
};
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const LIMITS = { N: 2 ** 20, r: 32, p: 16 };

const maxmem = ({ N, r, p }: ScryptParams) => 128 * N * r + 128 * r * p + 1024 * 1024;

/** `scrypt$N=32768,r=8,p=1$<salt base64>$<key base64>`: self-describing, so params can change later. */
export const hashPassword = async (password: string, params: ScryptParams = current): Promise<string> => {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptAsync(password, salt, KEY_LENGTH, { ...params, maxmem: maxmem(params) });
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
};

const parse = (encoded: string) => {
  const [scheme, paramText, saltText, keyText, ...rest] = encoded.split('$');
  if (scheme !== 'scrypt' || !paramText || !saltText || !keyText || rest.length > 0) return undefined;
  const params: Record<string, number> = {};
  for (const pair of paramText.split(',')) {
    const [name, value] = pair.split('=');
    if (name && value && /^\d+$/.test(value)) params[name] = Number(value);
  }
  const { N, r, p } = params;
  if (!N || !r || !p || N > LIMITS.N || r > LIMITS.r || p > LIMITS.p || (N & (N - 1)) !== 0) return undefined;
  const salt = Buffer.from(saltText, 'base64');
  const key = Buffer.from(keyText, 'base64');
  if (salt.length === 0 || key.length === 0) return undefined;
  return { params: { N, r, p }, salt, key };
};

/** Constant-time check of a password against an encoded hash; false for anything malformed. */
export const verifyPassword = async (password: string, encoded: string): Promise<boolean> => {
  const parsed = parse(encoded);
  if (!parsed) return false;
  const key = await scryptAsync(password, parsed.salt, parsed.key.length, {
    ...parsed.params,
    maxmem: maxmem(parsed.params),
  });
  return timingSafeEqual(key, parsed.key);
};

/** A random password for the first administrator: 24 URL-safe characters (144 bits). */
export const generatePassword = (): string => randomBytes(18).toString('base64url');
