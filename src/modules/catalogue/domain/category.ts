/** A product category. Names are unique ignoring case and surrounding spaces. */
export type Category = {
  id: string;
  name: string;
  /** The Bengali display name (issue 18), or null; `name` stays the identity (URLs, uniqueness). */
  nameBn: string | null;
  createdAt: Date;
};

/** The key two names must not share: trimmed, case-folded (full Unicode, not SQLite's ASCII-only lower()). */
export const categoryKey = (name: string): string => name.trim().toLocaleLowerCase('en-US');

/** The spec's display rule: the name, else 'Unnamed'. */
export const categoryLabel = (name: string | null | undefined): string => name?.trim() || 'Unnamed';
