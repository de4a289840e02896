/**
 * `npm run reliability`: the fuzzing, the races and the crash rounds at a chosen size, then one
 * table. `npm test` runs the same three at a small size (fuzz.test.ts, races.test.ts, crash.test.ts).
 *
 *   npm run reliability                       # the default size
 *   npm run reliability -- --size large
 *   npm run reliability -- --fuzz 3000 --races 30 --kills 25 --clients 8 --seed 42
 *
 *   npm run reliability -- --abuse large      # the abuse rounds at another size (or none)
 *   npm run reliability -- --customers none   # without the second abuse round (issue 40; small, default, large)
 *
 * Exit code 0 only when no 5xx was seen, no rejected request changed the database, every race held,
 * no acknowledged order was lost, the integrity check and the audit chain passed, and the server
 * stayed up and under its memory budget through the abuse rounds (abuse.ts), and through the second
 * round's attacks (abuse-customers.ts) stayed up, answered /api/health under 1 s, ended within 60 MB
 * of its RSS at start and refused with 4xx answers in the error format.
 */
import { parseArgs } from 'node:util';
import { abuseSizes, runAbuse } from './abuse.js';
import { customerAbuseSizes, customerRowCells, runCustomerAbuse } from './abuse-customers.js';
import { runCrashRounds } from './crash.js';
import { runFuzz } from './fuzz.js';
import { runRaces } from './races.js';

const sizes = {
  small: { fuzz: 300, races: 5, kills: 3, clients: 4, abuse: 'small', customers: 'small' },
  default: { fuzz: 2000, races: 20, kills: 15, clients: 6, abuse: 'default', customers: 'default' },
  large: { fuzz: 10000, races: 60, kills: 50, clients: 10, abuse: 'large', customers: 'large' },
} as const;

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'default' },
    fuzz: { type: 'string' },
    races: { type: 'string' },
    kills: { type: 'string' },
    clients: { type: 'string' },
    seed: { type: 'string' },
    abuse: { type: 'string' },
    customers: { type: 'string' },
  },
});

const preset = sizes[values.size as keyof typeof sizes];
if (!preset) {
  process.stderr.write(`Unknown --size ${values.size}: use ${Object.keys(sizes).join(', ')}\n`);
  process.exit(2);
}
const count = (raw: string | undefined, fallback: number, name: string) => {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`--${name} must be a whole number, got ${raw}\n`);
    process.exit(2);
  }
  return n;
};
const plan = {
  fuzz: count(values.fuzz, preset.fuzz, 'fuzz'),
  races: count(values.races, preset.races, 'races'),
  kills: count(values.kills, preset.kills, 'kills'),
  clients: count(values.clients, preset.clients, 'clients'),
  seed: values.seed === undefined ? Date.now() % 2 ** 31 : count(values.seed, 0, 'seed'),
  abuse: values.abuse ?? preset.abuse,
  customers: values.customers ?? preset.customers,
};
if (plan.abuse !== 'none' && !(plan.abuse in abuseSizes)) {
  process.stderr.write(`Unknown --abuse ${plan.abuse}: use ${Object.keys(abuseSizes).join(', ')} or none\n`);
  process.exit(2);
}
if (plan.customers !== 'none' && !(plan.customers in customerAbuseSizes)) {
  process.stderr.write(`Unknown --customers ${plan.customers}: use ${Object.keys(customerAbuseSizes).join(', ')} or none\n`);
  process.exit(2);
}

const seconds = (started: number) => ((Date.now() - started) / 1000).toFixed(1);
const log = (line: string) => process.stdout.write(`${line}\n`);

log(`reliability run: ${JSON.stringify(plan)}`);

let started = Date.now();
log(`\n-- fuzzing ${plan.fuzz} generated requests (seed ${plan.seed})`);
const fuzz = await runFuzz({ runs: plan.fuzz, seed: plan.seed });
const fuzzTime = seconds(started);

started = Date.now();
log(`-- races: ${plan.races} rounds of each`);
const races = await runRaces({ rounds: plan.races });
const raceTime = seconds(started);

started = Date.now();
log(`-- crash rounds: ${plan.kills} SIGKILLs with ${plan.clients} clients ordering`);
const crash = await runCrashRounds({ rounds: plan.kills, clients: plan.clients });
const crashTime = seconds(started);

started = Date.now();
log(`-- abuse rounds (${plan.abuse}): floods against the built server with npm start's memory budget`);
const abuse = plan.abuse === 'none' ? null : await runAbuse(abuseSizes[plan.abuse as keyof typeof abuseSizes], { log });
const abuseTime = seconds(started);

started = Date.now();
log(`-- second abuse round (${plan.customers}): customers, one address and the admin against the built server (issue 40)`);
const customers = plan.customers === 'none' ? null : await runCustomerAbuse(customerAbuseSizes[plan.customers as keyof typeof customerAbuseSizes], { log });
const customersTime = seconds(started);

const raceOk = (r: { rounds: number; ok: number }) => r.ok === r.rounds;
const rows: Array<[string, string | number, boolean]> = [
  ['requests fuzzed', fuzz.requests, true],
  ['5xx seen', fuzz.serverErrors, fuzz.serverErrors === 0],
  ['4xx not in the error format', fuzz.badErrorFormat, fuzz.badErrorFormat === 0],
  ['rejected requests that changed the db', fuzz.databaseChangedByRejected, fuzz.databaseChangedByRejected === 0],
  ['same-key orders: one order', `${races.idempotentOrders.ok}/${races.idempotentOrders.rounds}`, raceOk(races.idempotentOrders)],
  ['status changes: one transition', `${races.statusChanges.ok}/${races.statusChanges.rounds}`, raceOk(races.statusChanges)],
  ['concurrent cart adds: right quantity', `${races.cartAdds.ok}/${races.cartAdds.rounds}`, raceOk(races.cartAdds)],
  ['kill rounds', crash.rounds, crash.rounds === plan.kills],
  ['orders acknowledged', crash.ordersAcknowledged, crash.ordersAcknowledged > 0 || plan.kills === 0],
  ['orders lost', crash.ordersLost, crash.ordersLost === 0],
  ['integrity_check', crash.integrity, crash.integrity === 'ok'],
  ['audit:verify', crash.auditOk ? 'passed' : 'FAILED', crash.auditOk],
];
if (abuse) {
  for (const row of abuse.rows) {
    const answers = Object.entries(row.statuses).map(([status, n]) => `${n}×${status}`).join(' ');
    rows.push([`${row.attack}: ${row.requests} requests`, `${answers}${row.unanswered ? `, ${row.unanswered} unanswered` : ''}; up after: ${row.upAfter ? 'yes' : 'NO'}`, row.upAfter]);
  }
  rows.push(['lists after the order flood', abuse.listsAnswered ? `answered (${abuse.ordersPlaced} orders placed)` : 'FAILED', abuse.listsAnswered]);
  rows.push([`server peak RSS during the abuse (budget ${abuse.budgetMb} MB)`, `${abuse.peakRssMb.toFixed(1)} MB`, abuse.peakRssMb < abuse.budgetMb]);
  rows.push(['server up at the end', abuse.stayedUp ? 'yes' : 'NO', abuse.stayedUp]);
}
if (customers) for (const row of customers.rows) rows.push(customerRowCells(row));

log('\n| check | result | |');
log('|---|---|---|');
for (const [name, value, ok] of rows) log(`| ${name} | ${value} | ${ok ? 'ok' : 'FAIL'} |`);
log(`\ntimes: fuzz ${fuzzTime} s, races ${raceTime} s, crash rounds ${crashTime} s, abuse ${abuseTime} s, second abuse round ${customersTime} s`);

const failures = [...fuzz.failures, ...races.failures, ...crash.failures, ...(abuse?.failures ?? []), ...(customers?.failures ?? [])];
if (failures.length > 0) {
  log(`\n${failures.length} failure(s):`);
  for (const f of failures.slice(0, 30)) log(`  - ${f}`);
  if (failures.length > 30) log(`  ... and ${failures.length - 30} more`);
}
const allOk = rows.every(([, , ok]) => ok) && failures.length === 0;
log(allOk ? '\nreliability: all checks passed' : '\nreliability: FAILED');
process.exit(allOk ? 0 : 1);
