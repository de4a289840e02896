// The admin's order page with the delivery feature's Parcel panel (issue 34), the payments feature's
// Advance panel and the phone-records feature's delivery record (issue 35): features do not import
// each other, so the app layer wires them here. Loaded lazily, as the page always was.
// Issue 36: the page needs orders.read; each panel is given only what the person's role may use:
// the delivery record needs customers.read, the parcel's actions orders.pack, the refund money.manage.
import { ParcelPanel } from '../features/delivery/admin/components/parcel-panel';
import { OrderPage } from '../features/orders/pages/order-page';
import { AdvancePanel } from '../features/payments/admin/components/advance-panel';
import { DeliveryRecordPanel } from '../features/phone-records/components/delivery-record-panel';
import { useAuth } from '../lib/auth/use-auth';

export function OrderRoute() {
  const { can } = useAuth();
  const pack = can('orders.pack');
  const refund = can('money.manage');
  return (
    <OrderPage
      parcel={(order, changed) => <ParcelPanel order={order} onChanged={changed} manage={pack} />}
      advance={(order, changed) => <AdvancePanel order={order} onChanged={changed} refund={refund} />}
      record={can('customers.read') ? (order) => <DeliveryRecordPanel orderId={order._id} /> : undefined}
    />
  );
}
