/**
 * Reading a third party's answer (couriers, payment providers, record sources): its text as JSON,
 * its words for a refusal, one bounded line for a log or an admin. Shared by the adapters.
 */

/** The answer as JSON; undefined when it is empty or not JSON (an HTML error page, say). */
export function parseJson(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON object (not an array, not null). */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One line of at most `max` characters: whitespace runs become one space, a longer text ends with an ellipsis. */
export function shortLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** The words of an answer's fields, in the order named (strings, and those inside arrays and objects), each once, joined; at most 300 characters. */
export function wordsIn(body: unknown, fields: readonly string[]): string {
  if (!isObject(body)) return '';
  const parts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string' && value.trim()) parts.push(value.trim());
    else if (Array.isArray(value)) value.forEach(collect);
    else if (isObject(value)) Object.values(value).forEach(collect);
  };
  for (const field of fields) collect(body[field]);
  return [...new Set(parts)].join(' ').slice(0, 300);
}
