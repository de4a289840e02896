import type { ChangeEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { deliveryFees, deliveryZones } from '../../../../../src/shared/money';
import { formatMoney } from '../../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { checkoutMessages } from '../messages/checkout';
import { areaOptions, type AreaList } from '../checkout-rules';

/** GET /api/areas as the page has it: the list, or that it is coming or failed (with a way to ask again). */
export type AreasState = { status: 'pending' } | { status: 'error'; retry: () => void } | { status: 'success'; list: AreaList };

const ZONE_IDS = {
  'Inside Dhaka': 'checkout.zone.inside',
  'Suburbs Dhaka': 'checkout.zone.suburbs',
  'Outside Dhaka': 'checkout.zone.outside',
} as const satisfies Record<(typeof deliveryZones)[number], string>;

type AreaFieldsProps = {
  /** The ids of the three selects (the checkout focuses the first invalid field by its id). */
  ids: { district: string; thana: string; deliveryLocation: string };
  errors?: { district?: string | undefined; thana?: string | undefined; deliveryLocation?: string | undefined };
  areas: AreasState;
  district: string;
  onDistrictChange: (district: string) => void;
  thana: string;
  onThanaChange: (thana: string) => void;
  /** The zone, which follows from the thana (issue 34). */
  location: string;
  /**
   * Given, the zone is chosen here while no district is (an order placed before districts, changed
   * by an admin: issue 36); absent, it is only shown (the checkout).
   */
  onLocationChange?: ((zone: string) => void) | undefined;
  /** The zone's test id (the checkout's is `checkout-zone`). */
  zoneTestId?: string;
};

/**
 * The district and thana / upazila selects (issue 34), named in the language shown and valued by
 * their English names, and the delivery zone that follows from the thana: the checkout's, and the
 * admin's change of an order (issue 36).
 */
export function AreaFields({ ids, errors = {}, areas, district, onDistrictChange, thana, onThanaChange, location, onLocationChange, zoneTestId }: AreaFieldsProps) {
  const t = useT(checkoutMessages);
  const lang = useLanguage();
  const list = areas.status === 'success' ? areas.list : [];
  const thanas = list.find((d) => d.en === district)?.thanas ?? [];
  const zoneChosen = onLocationChange !== undefined && district === '';
  return (
    <>
      {/* Required, checked by the page (aria-required, not `required`): the shopper reads why beside the field, in the page's language. */}
      <FormField label={t('checkout.district')} id={ids.district} error={errors.district}>
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
      <FormField label={t('checkout.thana')} id={ids.thana} error={errors.thana}>
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
      <FormField label={t('checkout.location')} id={ids.deliveryLocation} hint={t('checkout.locationHint')} error={errors.deliveryLocation}>
        {(control) => (
          // Not chosen: the thana names the zone (the server refuses any other), so the fee follows the address.
          <select
            {...control}
            name="deliveryLocation"
            value={location}
            disabled={!zoneChosen}
            {...(zoneChosen ? { onChange: (event: ChangeEvent<HTMLSelectElement>) => onLocationChange(event.target.value) } : {})}
            data-testid={zoneTestId}
          >
            <option value="">{t('checkout.locationFollows')}</option>
            {deliveryZones.map((zone) => (
              <option key={zone} value={zone}>
                {t('checkout.zoneOption', { zone: t(ZONE_IDS[zone]), fee: formatMoney(deliveryFees[zone], lang) })}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  );
}
