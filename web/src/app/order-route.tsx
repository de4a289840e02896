// The admin's order page with the delivery feature's Parcel panel (issue 34): features do not import
// each other, so the app layer wires them here. Loaded lazily, as the page always was.
import { ParcelPanel } from '../features/delivery/admin/components/parcel-panel';
import { OrderPage } from '../features/orders/pages/order-page';

export function OrderRoute() {
  return <OrderPage parcel={(order, changed) => <ParcelPanel order={order} onChanged={changed} />} />;
}
