/**
 * Admin commands against the shop's database (same settings as the server):
 *   npm run admin -- promote <email>    make an existing user an admin
 */
import { join } from 'node:path';
import { loadEnv } from '../env.js';
import { promoteAdminByEmail } from '../modules/identity/index.js';
import { openDatabase, runMigrations } from '../platform/sqlite.js';

const [command, email] = process.argv.slice(2);
const usage = 'usage: npm run admin -- promote <email>';

if (command !== 'promote' || !email) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}

const env = loadEnv();
const database = openDatabase(join(env.DATA_DIR, 'shop.db'));
try {
  runMigrations(database);
  const outcome = await promoteAdminByEmail(database.db, email);
  const messages = {
    promoted: `${email} is an admin now.`,
    'already-admin': `${email} was already an admin.`,
    'not-found': `No user with the email ${email}: they must sign up (or sign in once) first.`,
  };
  (outcome === 'not-found' ? process.stderr : process.stdout).write(`${messages[outcome]}\n`);
  process.exitCode = outcome === 'not-found' ? 1 : 0;
} finally {
  database.close();
}
