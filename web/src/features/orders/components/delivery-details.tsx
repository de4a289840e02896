import type { ChangeEvent, ReactNode } from 'react';
import { FormField } from '../../../components/form-field';
import { deliveryFees, deliveryZones } from '../../../../../src/shared/money';
import { PAYMENT_METHODS, type CheckoutErrors, type CheckoutField } from '../checkout-rules';

/** The ids of the checkout's fields: the first invalid one is focused on submit. */
export const CHECKOUT_FIELD_IDS: Record<CheckoutField, string> = {
  name: 'checkout-name',
  phone: 'checkout-phone',
  address: 'checkout-address',
  deliveryLocation: 'checkout-location',
  paymentMethod: 'checkout-payment',
};

type DeliveryDetailsProps = {
  errors: CheckoutErrors;
  defaultName: string;
  location: string;
  onLocationChange: (location: string) => void;
  payment: string;
  onPaymentChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** Under Phone Number: the phone code, when the shop asks for one. */
  phoneExtra?: ReactNode;
};

/** Who receives the order, where, and how they pay: name, phone and address are read from the form on submit. */
export function DeliveryDetails({ errors, defaultName, location, onLocationChange, payment, onPaymentChange, phoneExtra }: DeliveryDetailsProps) {
  return (
    <>
      <FormField label="Full Name" id={CHECKOUT_FIELD_IDS.name} error={errors.name}>
        {(control) => <input {...control} name="name" type="text" autoComplete="name" defaultValue={defaultName} required />}
      </FormField>
      <FormField
        label="Phone Number"
        id={CHECKOUT_FIELD_IDS.phone}
        hint="Bangladeshi mobile number, e.g. 01712345678"
        error={errors.phone}
      >
        {(control) => <input {...control} name="phone" type="tel" inputMode="tel" autoComplete="tel" required />}
      </FormField>
      {phoneExtra}
      <FormField label="Address" id={CHECKOUT_FIELD_IDS.address} error={errors.address} controlClassName="form-field__textarea">
        {(control) => <textarea {...control} name="address" autoComplete="street-address" rows={3} required />}
      </FormField>
      <FormField label="Delivery Location" id={CHECKOUT_FIELD_IDS.deliveryLocation} error={errors.deliveryLocation}>
        {(control) => (
          <select {...control} name="deliveryLocation" value={location} onChange={(event) => onLocationChange(event.target.value)} required>
            <option value="">Select a delivery location</option>
            {deliveryZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone} ({deliveryFees[zone]} BDT)
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Payment Method" id={CHECKOUT_FIELD_IDS.paymentMethod} error={errors.paymentMethod}>
        {(control) => (
          <select {...control} name="paymentMethod" value={payment} onChange={onPaymentChange} required>
            <option value="">Select a payment method</option>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  );
}
