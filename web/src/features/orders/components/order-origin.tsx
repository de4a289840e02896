import type { TakenChannel } from '../../../../../src/shared/staff-orders';
import { useT } from '../../../lib/i18n/i18n';
import type { Order } from '../api/get-orders';
import { orderPageMessages } from '../messages/order-page';

/** Where an order the staff took came from (issue 36). */
const CHANNELS: Record<TakenChannel, 'orderPage.channel.phone' | 'orderPage.channel.messenger' | 'orderPage.channel.facebookComment' | 'orderPage.channel.walkIn'> = {
  phone: 'orderPage.channel.phone',
  messenger: 'orderPage.channel.messenger',
  'facebook-comment': 'orderPage.channel.facebookComment',
  'walk-in': 'orderPage.channel.walkIn',
};

/**
 * How an order without an account came (issue 36): "On the phone, by desk@shop" for one the staff
 * took, "Online, without an account" for a guest's (decision 066: owned by the phone's record, no
 * email, not taken); '' for an order placed from an account.
 */
export function useOrderOrigin(): (order: Pick<Order, 'email' | 'taken'>) => string {
  const t = useT(orderPageMessages);
  return (order) => {
    if (order.taken) return t('orderPage.takenBy', { channel: t(CHANNELS[order.taken.channel]), by: order.taken.by?.email ?? '' });
    return order.email === '' ? t('orderPage.guest') : '';
  };
}
