// A real SMTP server on loopback (the `smtp-server` package) that keeps what it receives.
// Tests import startSmtpSink(); Playwright runs this file as a web server, and reads the mails
// from its small HTTP side: GET /messages?to=<address> -> [{ to, subject, text, raw }].
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

/** Decodes a quoted-printable body part, enough to read links from text mails. */
export function decodeQuotedPrintable(body) {
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** @param {{ port: number }} options */
export async function startSmtpSink({ port }) {
  /** @type {Array<{ to: string[], subject: string, text: string, raw: string }>} */
  const messages = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, text: decodeQuotedPrintable(raw), raw });
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  return {
    port,
    messages,
    /** Waits for a mail to this address. */
    async waitFor(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.filter((m) => m.to.includes(to)).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

// As a Playwright web server: `node tests/support/smtp-sink.mjs <smtpPort> <httpPort>`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [smtpPort = '2525', httpPort = '2580'] = process.argv.slice(2);
  const sink = await startSmtpSink({ port: Number(smtpPort) });
  createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to');
    const list = to ? sink.messages.filter((m) => m.to.includes(to)) : sink.messages;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(list));
  }).listen(Number(httpPort), '127.0.0.1', () => console.log(`smtp sink on ${smtpPort}, http on ${httpPort}`));
}
