/**
 * A background worker's loop (the message outbox's, the parcel bookings'): one turn at a time in
 * this process (a turn asked for with runOnce() waits for the one under way), the next one
 * `pollMs` after the last, or at once when the last found a full batch (`again`). A turn that
 * throws is reported to `onError` and counts as empty: nothing escapes the loop.
 */
export function createPollingLoop<T>(options: { pollMs: number; turn: () => Promise<T>; empty: () => T; again: (turn: T) => boolean; onError: (error: unknown) => void }) {
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let running: Promise<T> = Promise.resolve(options.empty());

  /** One turn now (after the one running, if any); never rejects. */
  function runOnce(): Promise<T> {
    const next = running.then(options.turn, options.turn);
    running = next.catch((e: unknown) => {
      options.onError(e);
      return options.empty();
    });
    return running;
  }

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      void runOnce().then((turn) => schedule(options.again(turn) ? 0 : options.pollMs));
    }, ms);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(options.pollMs);
    },
    /** Stops the loop and waits for the turn under way. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
