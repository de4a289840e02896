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

const stdSink: LogSink = (line, level) => {
  (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
};

export function createLogger(level: LogLevel | 'silent' = 'info', sink: LogSink = stdSink): Logger {
  const write = (lvl: LogLevel, msg: string, fields?: LogFields) => {
    if (rank[lvl] < rank[level]) return;
    sink(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }, errorReplacer), lvl);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}

function errorReplacer(_key: string, value: unknown) {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/** Keeps lines in memory; for tests that read what was logged. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(createLogger('debug', (line) => lines.push(line)), { lines });
}
