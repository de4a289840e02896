/**
 * PostgreSQL text cannot hold U+0000 (decision 022): no stored key has it, so a store answers such
 * a key "nothing found", as SQLite does, instead of failing. Shared by the modules' PostgreSQL
 * stores (decision 051).
 */
export const findsNothing = (key: string) => key.includes('\u0000');
