/**
 * How the couriers the shop books with are named to people, in English and Bengali (issue 34):
 * one place for the delivery module, the messages and the documents. A name not here (a courier of
 * a later version, an imported record) is shown as it is stored.
 */
export const courierWords: Readonly<Record<string, { en: string; bn: string }>> = {
  steadfast: { en: 'Steadfast', bn: 'স্টেডফাস্ট' },
  pathao: { en: 'Pathao', bn: 'পাঠাও' },
  redx: { en: 'RedX', bn: 'রেডএক্স' },
};

/** A courier's name in a language; the stored name when it has none. */
export const courierTitle = (courier: string, lang: 'en' | 'bn' = 'en'): string => courierWords[courier]?.[lang] ?? courier;
