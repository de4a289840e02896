import { describe, expect, it } from 'vitest';
import { lastPage, MAX_PAGE, pageNumber, pageQuery, totalCount } from './paging';

describe('paging', () => {
  it('reads the page from the URL, page 1 for anything that is not a positive whole number', () => {
    expect(pageNumber('3')).toBe(3);
    for (const raw of [null, '', '0', '-1', '1.5', 'x', '01', '9999999999']) expect(pageNumber(raw)).toBe(1);
  });

  it('reads a page deeper than the server answers (offset past 1,000,000) as the deepest it answers', () => {
    expect(MAX_PAGE).toBe(20_001);
    expect(pageQuery(MAX_PAGE).offset).toBe(1_000_000);
    expect(pageNumber('20001')).toBe(MAX_PAGE);
    expect(pageNumber('999999999')).toBe(MAX_PAGE);
  });

  it('asks limit then offset, the query string prefetch.js repeats', () => {
    expect(new URLSearchParams(Object.entries(pageQuery(2)).map(([k, v]) => [k, String(v)])).toString()).toBe('limit=50&offset=50');
  });

  it('takes the total from X-Total-Count, else what it has seen', () => {
    expect(totalCount('132', 50)).toBe(132);
    expect(totalCount(null, 50)).toBe(50);
    expect(totalCount('abc', 7)).toBe(7);
  });

  it('knows the last page', () => {
    expect(lastPage(0)).toBe(1);
    expect(lastPage(50)).toBe(1);
    expect(lastPage(51)).toBe(2);
    expect(lastPage(132)).toBe(3);
  });
});
