/**
 * Structured logs: one JSON object per line on stdout (errors on stderr). Callers pass
 * fields explicitly; nothing here ever serialises request headers, so the Authorization
 * header cannot reach a log.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export type Logger = {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
};

const rank: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export type LogSink = (line: string, level: LogLevel) => void;

/**
 * stdout lines are gathered and written once per turn of the event loop (one write call instead of
 * one per request under load); errors go to stderr at once. Lines still pending when the process
 * exits are written then; only a hard kill (SIGKILL, a crash of Node itself) can lose them.
 */
let pending: string[] = [];
let pendingChars = 0;
let flushScheduled = false;
const flush = () => {
  flushScheduled = false;
  if (pending.length === 0) return;
  const text = pending.join('');
  pending = [];
  pendingChars = 0;
  process.stdout.write(text);
};
let exitHooked = false;

const stdSink: LogSink = (line, level) => {
  if (level === 'error') {
    flush(); // keep the order of lines across both streams
    process.stderr.write(`${line}\n`);
    return;
  }
  pending.push(`${line}\n`);
  pendingChars += line.length + 1;
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', flush);
  }
  if (pendingChars > 64 * 1024) flush();
  else if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flush);
  }
};

export function createLogger(level: LogLevel | 'silent' = 'info', sink: LogSink = stdSink): Logger {
  const write = (lvl: LogLevel, msg: string, fields?: LogFields) => {
    if (rank[lvl] < rank[level]) return;
    const line = { time: new Date().toISOString(), level: lvl, msg, ...fields };
    // The replacer (for Errors at any depth) is called for every key: skip it for flat lines such
    // as the request log, which can hold no Error.
    sink(fields && !flat(fields) ? JSON.stringify(line, errorReplacer) : JSON.stringify(line), lvl);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}

const flat = (fields: LogFields) => {
  for (const key in fields) {
    const value = fields[key];
    if (typeof value === 'object' && value !== null) return false;
  }
  return true;
};

function errorReplacer(_key: string, value: unknown) {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/** Keeps lines in memory; for tests that read what was logged. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(createLogger('debug', (line) => lines.push(line)), { lines });
}
