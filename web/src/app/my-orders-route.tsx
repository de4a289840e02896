// My Orders shows each order's parcel (issue 34): the orders feature lists the orders, the delivery
// feature tells where a parcel is; features do not import each other, so the app layer wires them here.
import { ParcelStatus } from '../features/delivery/components/parcel-status';
import { MyOrdersPage } from '../features/orders/pages/my-orders-page';

export function MyOrdersRoute() {
  return (
    <MyOrdersPage
      parcel={(order, describedBy) => <ParcelStatus orderNumber={order.orderNumber} phone={order.phone} delivery={order.delivery} describedBy={describedBy} />}
    />
  );
}
