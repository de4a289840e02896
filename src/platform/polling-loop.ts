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
  // When the loop last showed life (started, began a turn, ended one): /readyz asks (issue 38).
  let lastSign = 0;
  const turn = () => {
    lastSign = Date.now();
    return options.turn().finally(() => void (lastSign = Date.now()));
  };

  /** One turn now (after the one running, if any); never rejects. */
  function runOnce(): Promise<T> {
    const next = running.then(turn, turn);
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
    /**
     * Whether the loop runs and showed life lately: a turn began or ended within three polls and a
     * minute (a turn's sends are bounded by their timeouts, so a turn that long is stuck).
     */
    alive(now = Date.now()): boolean {
      return !stopped && now - lastSign <= 3 * options.pollMs + 60_000;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      lastSign = Date.now();
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
