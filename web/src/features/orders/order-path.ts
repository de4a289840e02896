/** The admin's page of one order (PAGES.order in web/src/app/routes.ts: /dashboard/allorders/:id). */
export const orderPagePath = (id: string) => `/dashboard/allorders/${encodeURIComponent(id)}`;

/** The desk's own address (with its query): the link state from the desk to an order, for the way back. */
export const DESK_PATH = '/dashboard/allorders';
export type DeskLinkState = { desk?: string };

/** The desk the admin came from (its search, status, days and page), or the plain desk. */
export function deskPathOf(state: unknown): string {
  const desk = (state as DeskLinkState | null)?.desk;
  return typeof desk === 'string' && (desk === '' || desk.startsWith('?')) ? `${DESK_PATH}${desk}` : DESK_PATH;
}
