// The server's own event-loop delay for the second abuse round (abuse-customers.ts), without a
// route of its own: preloaded into the built server (`node --import ./tests/reliability/loop-probe.mjs
// dist/main.js`) with LOOP_PROBE_FILE set, it appends "<epoch ms> <max delay ms> <heap used MB>
// <external MB>" to that file every 200 ms (the worst delay of the last window, from perf_hooks'
// histogram at 10 ms resolution; V8's heap and the memory V8 knows outside it, buffers included).
// Without LOOP_PROBE_FILE it does nothing. Its timer is unref'd: it never keeps the server alive.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_PROBE_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const timer = setInterval(() => {
    const maxMs = histogram.max / 1e6;
    histogram.reset();
    const { heapUsed, external } = process.memoryUsage();
    try {
      appendFileSync(file, `${Date.now()} ${maxMs.toFixed(1)} ${(heapUsed / 1048576).toFixed(1)} ${(external / 1048576).toFixed(1)}\n`);
    } catch {
      // the run's folder is gone: nothing to report to
    }
  }, 200);
  timer.unref();
}
