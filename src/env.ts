import { z } from 'zod';

/**
 * The only reader of process.env. Every setting of the shop is declared, defaulted and
 * validated here; a bad value stops the server at start with one line naming the variable.
 */

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const secret = z.string().min(32, { message: 'must be at least 32 characters' });

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z
    .string()
    .min(1)
    .regex(/^[0-9a-zA-Z.:\-[\]]+$/, { message: 'must be a host name or an IP address' })
    .default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Insert the demo catalogue at first start when the database is empty. */
  DEMO_DATA: bool.default(true),
  /** Largest request body accepted, in bytes (image uploads have their own limit). */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  /** Signing key for the shop's session tokens; generated into DATA_DIR when absent (not in production). */
  SESSION_SECRET: secret.optional(),
  SHOP_NAME: z.string().min(1).max(80).default('Otaku Card Bazaar'),
  SHOP_PHONE: z.string().min(3).max(40).default('+880 1700-000000'),
  SHOP_EMAIL: z.email({ message: 'must be an email address' }).default('support@example.com'),
  SOCIAL_FACEBOOK_URL: z.url({ message: 'must be a URL' }).default('https://www.facebook.com/'),
  SOCIAL_INSTAGRAM_URL: z.url({ message: 'must be a URL' }).default('https://www.instagram.com/'),
  SOCIAL_YOUTUBE_URL: z.url({ message: 'must be a URL' }).default('https://www.youtube.com/'),
});

export type Env = z.infer<typeof envSchema>;

export type EnvResult = { ok: true; env: Env } | { ok: false; message: string };

/** Pure: parses a given environment, so tests can feed it anything. */
export function parseEnv(source: Record<string, string | undefined>): EnvResult {
  // An empty variable means "not set", as a self-hoster writing `FOO=` in a .env file expects.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (parsed.success) return { ok: true, env: parsed.data };
  const issue = parsed.error.issues[0];
  const name = String(issue?.path[0] ?? 'environment');
  const received = cleaned[name];
  const shown = received === undefined || /SECRET|KEY|PASSWORD/.test(name) ? '' : ` (got "${received}")`;
  return { ok: false, message: `Invalid setting ${name}: ${issue?.message ?? 'invalid value'}${shown}` };
}

/** Reads process.env once; on a bad value prints one line naming the variable and exits. */
export function loadEnv(): Env {
  const result = parseEnv(process.env);
  if (!result.ok) {
    process.stderr.write(`${result.message}\n`);
    process.exit(1);
  }
  return result.env;
}
