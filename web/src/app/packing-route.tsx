// The packing page with the delivery feature's "Book with courier" (issue 36): features do not import
// each other, so the app layer wires them here, as for the desk. The page needs orders.pack, and so do
// the bookings (POST /api/shipments, GET /api/shipments/couriers).
import { BookWithCourier } from '../features/delivery/admin/components/book-with-courier';
import { PackingPage } from '../features/orders/pages/packing-page';

export function PackingRoute() {
  return <PackingPage booking={BookWithCourier} />;
}
