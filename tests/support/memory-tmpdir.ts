import { accessSync, constants } from 'node:fs';

/**
 * Called by the vitest configs (decision 039): the tests' data folders, SQLite files and PostgreSQL
 * clusters go to /dev/shm (memory) when the machine has one. The shop's SQLite commits with
 * synchronous=FULL, and an fsync took ~2.2 ms on the CI machine's disk against ~0.02 ms there; a
 * run makes thousands. A TMPDIR set by whoever runs the tests is kept. Children started with the
 * parent's environment inherit it.
 */
export function tmpdirInMemory(): void {
  if (process.env.TMPDIR) return;
  try {
    accessSync('/dev/shm', constants.W_OK | constants.X_OK);
    process.env.TMPDIR = '/dev/shm';
  } catch {
    // no /dev/shm (macOS, Windows): the system's temporary folder
  }
}
