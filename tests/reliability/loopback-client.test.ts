import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorFormat, slowRead } from './loopback-client.js';

// The abuse runs' slow reader: a refusal is read whole so its error body can be judged (CI once
// counted a 429 exports-busy as "without the error format" because the slow reader kept no body).
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/busy') {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' });
      res.end(JSON.stringify({ error: { code: 'ordering/exports-busy', message: '2 exports are running right now.' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.end('x'.repeat(40_000));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('slowRead', () => {
  it('reads a refusal whole, with its body', async () => {
    const read = await slowRead(base, '/busy', { token: 't' }).done;
    expect(read.status).toBe(429);
    expect(read.cut).toBe(false);
    expect(isErrorFormat(read.text ?? '')).toBe(true);
  });

  it('reads a 200 a tick at a time to its end, keeping no body', async () => {
    const read = await slowRead(base, '/file.csv', { token: 't', bytesPerTick: 16 * 1024, tickMs: 10 }).done;
    expect(read).toMatchObject({ status: 200, bytes: 40_000, cut: false });
    expect(read.text).toBeUndefined();
  });
});
