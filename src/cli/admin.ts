/**
 * Admin commands against the shop's database (same settings as the server: DATA_DIR/shop.db, or
 * PostgreSQL when DATABASE_URL is set):
 *   npm run admin -- promote <email>    make an existing user an admin
 */
import { loadEnv } from '../env.js';
import { promoteAdminByEmail } from '../modules/identity/index.js';
import { openShopDatabase, type ShopDatabase } from '../platform/database.js';
import { describeDatabase } from './postgres-tools.js';

const [command, email] = process.argv.slice(2);
const usage = 'usage: npm run admin -- promote <email>';

if (command !== 'promote' || !email) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}

const env = loadEnv();
let database: ShopDatabase;
try {
  database = await openShopDatabase(env, { poolSize: 2 });
} catch (e) {
  const where = env.DATABASE_URL ? `${describeDatabase(env.DATABASE_URL)} (DATABASE_URL)` : `DATA_DIR (${env.DATA_DIR})`;
  process.stderr.write(`Cannot open the database in ${where}: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
try {
  const outcome = await promoteAdminByEmail(database, email);
  const messages = {
    promoted: `${email} is an admin now.`,
    'already-admin': `${email} was already an admin.`,
    'not-found': `No user with the email ${email}: they must sign up (or sign in once) first.`,
  };
  (outcome === 'not-found' ? process.stderr : process.stdout).write(`${messages[outcome]}\n`);
  process.exitCode = outcome === 'not-found' ? 1 : 0;
} finally {
  await database.close();
}
