import type { ChangeEvent, ReactNode } from 'react';
import { FormField } from '../../../components/form-field';
import { deliveryFees, deliveryZones } from '../../../../../src/shared/money';
import { formatMoney } from '../../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { checkoutMessages } from '../messages/checkout';
import { areaOptions, PAYMENT_METHODS, type AreaList, type CheckoutErrors, type CheckoutField } from '../checkout-rules';

/** The ids of the checkout's fields: the first invalid one is focused on submit. */
export const CHECKOUT_FIELD_IDS: Record<CheckoutField, string> = {
  name: 'checkout-name',
  phone: 'checkout-phone',
  address: 'checkout-address',
  district: 'checkout-district',
  thana: 'checkout-thana',
  deliveryLocation: 'checkout-location',
  paymentMethod: 'checkout-payment',
};

/** GET /api/areas as the page has it: the list, or that it is coming or failed (with a way to ask again). */
export type AreasState = { status: 'pending' } | { status: 'error'; retry: () => void } | { status: 'success'; list: AreaList };

type DeliveryDetailsProps = {
  errors: CheckoutErrors;
  defaultName: string;
  areas: AreasState;
  district: string;
  onDistrictChange: (district: string) => void;
  thana: string;
  onThanaChange: (thana: string) => void;
  /** The zone, which follows from the thana (issue 34): shown, not chosen. */
  location: string;
  payment: string;
  onPaymentChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** Under Phone Number: the phone code, when the shop asks for one. */
  phoneExtra?: ReactNode;
};

const ZONE_IDS = {
  'Inside Dhaka': 'checkout.zone.inside',
  'Suburbs Dhaka': 'checkout.zone.suburbs',
  'Outside Dhaka': 'checkout.zone.outside',
} as const satisfies Record<(typeof deliveryZones)[number], string>;

const PAYMENT_IDS = { 'Cash On Delivery': 'checkout.cod' } as const satisfies Record<(typeof PAYMENT_METHODS)[number], string>;

/** Who receives the order, where, and how they pay: name, phone and address are read from the form on submit. */
export function DeliveryDetails({ errors, defaultName, areas, district, onDistrictChange, thana, onThanaChange, location, payment, onPaymentChange, phoneExtra }: DeliveryDetailsProps) {
  const t = useT(checkoutMessages);
  const lang = useLanguage();
  const list = areas.status === 'success' ? areas.list : [];
  const thanas = list.find((d) => d.en === district)?.thanas ?? [];
  return (
    <>
      <FormField label={t('checkout.fullName')} id={CHECKOUT_FIELD_IDS.name} error={errors.name}>
        {(control) => <input {...control} name="name" type="text" autoComplete="name" defaultValue={defaultName} required />}
      </FormField>
      <FormField
        label={t('checkout.phone')}
        id={CHECKOUT_FIELD_IDS.phone}
        hint={t('checkout.phoneHint')}
        error={errors.phone}
      >
        {(control) => <input {...control} name="phone" type="tel" inputMode="tel" autoComplete="tel" required />}
      </FormField>
      {phoneExtra}
      <FormField label={t('checkout.address')} id={CHECKOUT_FIELD_IDS.address} error={errors.address} controlClassName="form-field__textarea">
        {(control) => <textarea {...control} name="address" autoComplete="street-address" rows={3} required />}
      </FormField>
      {/* Required, checked by the page (aria-required, not `required`): the shopper reads why beside the field, in the page's language. */}
      <FormField label={t('checkout.district')} id={CHECKOUT_FIELD_IDS.district} error={errors.district}>
        {(control) => (
          <select {...control} name="district" value={district} onChange={(event) => onDistrictChange(event.target.value)} disabled={areas.status !== 'success'} aria-required="true">
            <option value="">{areas.status === 'pending' ? t('checkout.areasLoading') : t('checkout.selectDistrict')}</option>
            {areaOptions(list, lang).map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {areas.status === 'error' && (
        <p className="notice notice--error checkout__areas-failed" role="alert">
          {t('checkout.areasFailed')}{' '}
          <button type="button" className="button button--secondary button--small" onClick={areas.retry}>
            {t('checkout.areasRetry')}
          </button>
        </p>
      )}
      <FormField label={t('checkout.thana')} id={CHECKOUT_FIELD_IDS.thana} error={errors.thana}>
        {(control) => (
          <select {...control} name="thana" value={thana} onChange={(event) => onThanaChange(event.target.value)} disabled={thanas.length === 0} aria-required="true">
            <option value="">{district === '' ? t('checkout.districtFirst') : t('checkout.selectThana')}</option>
            {areaOptions(thanas, lang).map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('checkout.location')} id={CHECKOUT_FIELD_IDS.deliveryLocation} hint={t('checkout.locationHint')} error={errors.deliveryLocation}>
        {(control) => (
          // Not chosen: the thana names the zone (the server refuses any other), so the fee follows the address.
          <select {...control} name="deliveryLocation" value={location} disabled data-testid="checkout-zone">
            <option value="">{t('checkout.locationFollows')}</option>
            {deliveryZones.map((zone) => (
              <option key={zone} value={zone}>
                {t('checkout.zoneOption', { zone: t(ZONE_IDS[zone]), fee: formatMoney(deliveryFees[zone], lang) })}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('checkout.paymentMethod')} id={CHECKOUT_FIELD_IDS.paymentMethod} error={errors.paymentMethod}>
        {(control) => (
          <select {...control} name="paymentMethod" value={payment} onChange={onPaymentChange} required>
            <option value="">{t('checkout.selectPayment')}</option>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(PAYMENT_IDS[method])}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  );
}
