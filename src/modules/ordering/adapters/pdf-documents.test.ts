import { describe, expect, it } from 'vitest';
import { scriptRuns } from './pdf-documents.js';

describe('scriptRuns', () => {
  it('splits Latin and Bengali; spaces, digits and punctuation stay with the run they stand in', () => {
    expect(scriptRuns('Address: বাড়ি ১২, রোড ৫, ধানমন্ডি — near the lake')).toEqual([
      { text: 'Address: ', script: 'latin' },
      { text: 'বাড়ি ১২, রোড ৫, ধানমন্ডি ', script: 'bengali' },
      { text: '— near the lake', script: 'latin' },
    ]);
  });

  it('leading neutrals join the first run; a text of neutrals only is Latin', () => {
    expect(scriptRuns('12, রহিম')).toEqual([{ text: '12, রহিম', script: 'bengali' }]);
    expect(scriptRuns('+880 17')).toEqual([{ text: '+880 17', script: 'latin' }]);
    expect(scriptRuns('')).toEqual([]);
  });
});
