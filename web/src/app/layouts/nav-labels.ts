import type { Translate } from '../../lib/i18n/i18n';

/** The namespaces that hold a menu's labels: the navbar's, the footer's, the dashboard's. */
export type MenuNamespace = 'shell' | 'footer' | 'dashboard';

/**
 * A label of a menu of routes.ts (whose English is the spec's text) in the language shown: the
 * message `<namespace>.menu.<label>` (nav-labels.test.ts checks that every label has one).
 */
export function navLabel<Id extends string>(t: Translate<Id>, space: MenuNamespace, label: string): string {
  return t(`${space}.menu.${label}` as Id);
}
