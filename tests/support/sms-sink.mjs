// A local SMS gateway for the browser journeys: it speaks the shop's generic webhook protocol
// (SMS_PROVIDER=webhook: POST {"to": "+8801…", "message": "…"} as JSON, any 2xx is sent) and keeps
// what it receives. Its other routes let a test read and steer it:
//   GET  /messages?to=+8801…   -> [{ to, message, at }] received for that number (all without ?to)
//   POST /down                 -> from now on every send answers 503 (a gateway that is down)
//   POST /up                   -> sends are accepted again
// Playwright runs this file as a web server: node tests/support/sms-sink.mjs <port>
import { createServer } from 'node:http';

/** At most this many messages are kept (the oldest go first): a long run stays bounded. */
const keep = 10_000;
/** A request body larger than this is refused (the shop's messages are a few hundred bytes). */
const maxBody = 64 * 1024;

/** @param {{ port: number }} options */
export async function startSmsSink({ port }) {
  /** @type {Array<{ to: string, message: string, at: string }>} */
  const messages = [];
  let down = false;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const answer = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/messages') {
      const to = url.searchParams.get('to');
      return answer(200, to ? messages.filter((m) => m.to === to) : messages);
    }
    if (req.method === 'GET' && url.pathname === '/') return answer(200, { down, received: messages.length });
    if (req.method === 'POST' && (url.pathname === '/down' || url.pathname === '/up')) {
      down = url.pathname === '/down';
      return answer(200, { down });
    }
    if (req.method !== 'POST' || url.pathname !== '/sms') return answer(404, { error: 'not found' });
    let body = '';
    let size = 0;
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      size += Buffer.byteLength(chunk);
      if (size <= maxBody) body += chunk;
    });
    req.on('end', () => {
      if (size > maxBody) return answer(413, { error: 'too large' });
      if (down) return answer(503, { error: 'the gateway is down' });
      let sent;
      try {
        sent = JSON.parse(body);
      } catch {
        return answer(400, { error: 'not JSON' });
      }
      if (typeof sent?.to !== 'string' || typeof sent?.message !== 'string') return answer(400, { error: 'to and message are required' });
      messages.push({ to: sent.to, message: sent.message, at: new Date().toISOString() });
      if (messages.length > keep) messages.splice(0, messages.length - keep);
      return answer(200, { ok: true });
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  return { port, messages, setDown: (value) => void (down = value), close: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 2790);
  await startSmsSink({ port });
  console.log(`sms sink on http://127.0.0.1:${port}`);
}
