/**
 * The words of a search (decision 027): letters, marks and digits of any script (Bengali's vowel
 * signs are marks), lower-cased, Latin accents dropped (as the engines fold the documents:
 * "pokemon" finds "Pokémon"), at most `maxSearchWords` of at most 40 characters. Every word must
 * match, each as a prefix. No word at all (only punctuation) matches nothing.
 */
export const maxSearchWords = 8;

export function searchWords(q: string): string[] {
  // U+0300..U+036F are the combining accents of Latin (and Greek, Cyrillic) letters; Bengali's signs lie elsewhere.
  const folded = q.toLocaleLowerCase('en-US').normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC');
  const words = folded.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => Array.from(w).slice(0, 40).join('')))].slice(0, maxSearchWords);
}
