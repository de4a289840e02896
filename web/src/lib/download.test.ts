import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

describe('the file name of a Content-Disposition', () => {
  it('takes filename*, then filename, and never a path', () => {
    expect(fileNameOf('attachment; filename="orders-2026-11-25.csv"')).toBe('orders-2026-11-25.csv');
    expect(fileNameOf('attachment; filename=orders.csv')).toBe('orders.csv');
    expect(fileNameOf(`attachment; filename="x.pdf"; filename*=UTF-8''%E0%A6%85-10001.pdf`)).toBe('অ-10001.pdf');
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(fileNameOf('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A6`)).toBeUndefined();
    expect(fileNameOf('attachment')).toBeUndefined();
    expect(fileNameOf(null)).toBeUndefined();
  });
});
