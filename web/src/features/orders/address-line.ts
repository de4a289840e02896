/**
 * The address an order goes to, as My Orders shows it: the free address, then the thana and the
 * district chosen at checkout (issue 34; English names, as the couriers take them) unless the
 * address names them already. The invoice writes it the same way (src/modules/documents).
 */
export function addressLine(order: { address: string; district: string | null; thana: string | null }): string {
  const said = order.address.toLowerCase();
  const place = [order.thana, order.district].filter((part): part is string => Boolean(part) && !said.includes(String(part).toLowerCase()));
  return [order.address, ...place].join(', ');
}
