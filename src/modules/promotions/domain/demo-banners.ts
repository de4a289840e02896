/** The demo home banners (first start, DEMO_DATA=true); their pictures are drawn locally. */
export const demoBanners: ReadonlyArray<{ title: string; subtitle: string; hue: number }> = [
  { title: 'New Season Figures', subtitle: 'Scale figures from 1,600 BDT', hue: 250 },
  { title: 'Spirit Duel Boosters', subtitle: 'Booster boxes and starter decks in stock', hue: 350 },
  { title: 'Cash on Delivery', subtitle: 'All over Bangladesh, pay when it arrives', hue: 160 },
];
