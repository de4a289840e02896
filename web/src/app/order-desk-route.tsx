// The orders desk with the delivery feature's "Book with courier" (issue 34): features do not import
// each other, so the app layer wires them here. Loaded lazily, as the desk always was. The desk needs
// orders.read; booking needs orders.pack (issue 36: an auditor reads the desk without it).
import { BookWithCourier } from '../features/delivery/admin/components/book-with-courier';
import { AllOrdersPage } from '../features/orders/pages/all-orders-page';
import { useAuth } from '../lib/auth/use-auth';

export function OrderDeskRoute() {
  const { can } = useAuth();
  return <AllOrdersPage booking={can('orders.pack') ? BookWithCourier : undefined} />;
}
