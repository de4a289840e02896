import { describe, expect, it } from 'vitest';
import { httpStatusByCode } from '../../../../src/shared/errors';
import dialog from './dialog.en.json';

describe('dialog messages', () => {
  it('word every error code of the API (shown in place of the English message in another language)', () => {
    const messages: Record<string, string> = dialog;
    const missing = Object.keys(httpStatusByCode).filter((code) => !messages[`dialog.code.${code}`]);
    expect(missing).toEqual([]);
  });
});
