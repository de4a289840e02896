import type { ChangeEvent, ReactNode } from 'react';
import { FormField } from '../../../components/form-field';
import { useT } from '../../../lib/i18n/i18n';
import { checkoutMessages } from '../messages/checkout';
import { PAYMENT_METHODS, type CheckoutErrors, type CheckoutField } from '../checkout-rules';
import { AreaFields, type AreasState } from './area-fields';

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

export type { AreasState };

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

const PAYMENT_IDS = { 'Cash On Delivery': 'checkout.cod' } as const satisfies Record<(typeof PAYMENT_METHODS)[number], string>;

/** Who receives the order, where, and how they pay: name, phone and address are read from the form on submit. */
export function DeliveryDetails({ errors, defaultName, areas, district, onDistrictChange, thana, onThanaChange, location, payment, onPaymentChange, phoneExtra }: DeliveryDetailsProps) {
  const t = useT(checkoutMessages);
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
      <AreaFields
        ids={CHECKOUT_FIELD_IDS}
        errors={errors}
        areas={areas}
        district={district}
        onDistrictChange={onDistrictChange}
        thana={thana}
        onThanaChange={onThanaChange}
        location={location}
        zoneTestId="checkout-zone"
      />
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
