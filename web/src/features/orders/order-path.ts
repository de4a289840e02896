import { PAGES } from '../../app/routes';

/** The desk's own address (with its query): the link state from the desk to an order, for the way back. */
export type DeskLinkState = { desk?: string };

/** The desk the admin came from (its search, status, days and page), or the plain desk. */
export function deskPathOf(state: unknown): string {
  const desk = (state as DeskLinkState | null)?.desk;
  return typeof desk === 'string' && (desk === '' || desk.startsWith('?')) ? `${PAGES.allOrders.link()}${desk}` : PAGES.allOrders.link();
}
