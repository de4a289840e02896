// The admin's order page with the delivery feature's Parcel panel (issue 34), the payments feature's
// Advance panel and the phone-records feature's delivery record (issue 35): features do not import
// each other, so the app layer wires them here. Loaded lazily, as the page always was.
import { ParcelPanel } from '../features/delivery/admin/components/parcel-panel';
import { OrderPage } from '../features/orders/pages/order-page';
import { AdvancePanel } from '../features/payments/admin/components/advance-panel';
import { DeliveryRecordPanel } from '../features/phone-records/components/delivery-record-panel';

export function OrderRoute() {
  return (
    <OrderPage
      parcel={(order, changed) => <ParcelPanel order={order} onChanged={changed} />}
      advance={(order, changed) => <AdvancePanel order={order} onChanged={changed} />}
      record={(order) => <DeliveryRecordPanel orderId={order._id} />}
    />
  );
}
