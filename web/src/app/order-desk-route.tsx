// The orders desk with the delivery feature's "Book with courier" (issue 34): features do not import
// each other, so the app layer wires them here. Loaded lazily, as the desk always was.
import { BookWithCourier } from '../features/delivery/admin/components/book-with-courier';
import { AllOrdersPage } from '../features/orders/pages/all-orders-page';

export function OrderDeskRoute() {
  return <AllOrdersPage booking={BookWithCourier} />;
}
