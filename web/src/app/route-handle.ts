/** Per-route metadata, read by the root layout through useMatches(). */
export type RouteHandle = {
  /** Page part of document.title: "{title} | {shopName}". */
  title?: string;
};

export function documentTitle(pageTitle: string | undefined, shopName: string): string {
  return pageTitle ? `${pageTitle} | ${shopName}` : shopName;
}
