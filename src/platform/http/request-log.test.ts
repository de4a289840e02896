import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../logger.js';
import { cachedAnswerLog } from './request-log.js';

describe('the log of answers from the response cache', () => {
  it('writes each at debug and their count by path at info, product ids under one key', () => {
    const logger = createMemoryLogger();
    const log = cachedAnswerLog(logger);
    const hit = (path: string, status = 200) => log.log({ reqId: `r-${path}`, method: 'GET', path, status, ms: 0.1 });
    hit('/api/products/0123456789abcdef01234567');
    hit('/api/products/76543210fedcba9876543210', 304);
    hit('/api/products');
    hit('/');
    log.flush();
    log.flush(); // nothing new: no second summary
    const lines = logger.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.filter((l) => l['msg'] === 'request').map((l) => [l['level'], l['path'], l['status']])).toEqual([
      ['debug', '/api/products/0123456789abcdef01234567', 200],
      ['debug', '/api/products/76543210fedcba9876543210', 304],
      ['debug', '/api/products', 200],
      ['debug', '/', 200],
    ]);
    const summaries = lines.filter((l) => l['msg'] === 'cached answers');
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ level: 'info', total: 4, byPath: { '/api/products/:id': 2, '/api/products': 1, '/': 1 } });
  });
});
