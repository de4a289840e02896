/** `q` as a LIKE/ILIKE pattern matched literally (escape '\'): its own % _ \ are escaped. Both engines' product stores use it. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
