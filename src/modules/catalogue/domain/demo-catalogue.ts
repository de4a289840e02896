/**
 * The demo catalogue inserted at a first start (DEMO_DATA=true): original product names (no
 * real franchise's trademarks), prices in BDT, and the look of each product's generated images.
 */
export type DemoProduct = {
  title: string;
  price: number;
  sizes: string[];
  colors: string[];
  description: string;
  /** Bengali title and description (issue 18; every demo product has them since issue 33): a Bengali visitor sees them. */
  titleBn?: string;
  descriptionBn?: string;
  /** 1 to 3 generated images. */
  images: number;
  /** Stock per size x color: `demoStock` unless listed here ("size/color"; "" for none). */
  stock?: Record<string, number>;
};

/** The Bengali names of the demo's sizes and colors (issue 33): every label the catalogue uses has one. */
export const demoLabelsBn: Readonly<Record<string, string>> = {
  '1/7 scale': '১/৭ স্কেল',
  '1/8 scale': '১/৮ স্কেল',
  Standard: 'স্ট্যান্ডার্ড',
  Deluxe: 'ডিলাক্স',
  Japanese: 'জাপানি',
  'Near Mint': 'প্রায় নতুন',
  'Lightly Played': 'অল্প ব্যবহৃত',
  '10 cm': '১০ সেমি',
  '18 cm': '১৮ সেমি',
  '4 cm': '৪ সেমি',
  '5 cm': '৫ সেমি',
  '6 cm': '৬ সেমি',
  '7 cm': '৭ সেমি',
  '25 cm': '২৫ সেমি',
  '28 cm': '২৮ সেমি',
  '30 cm': '৩০ সেমি',
  '35 cm': '৩৫ সেমি',
  '45 cm': '৪৫ সেমি',
  '60 cm': '৬০ সেমি',
  '60 x 90 cm': '৬০ × ৯০ সেমি',
  '24 packs': '২৪ প্যাক',
  '40 cards': '৪০ কার্ড',
  '100 cards': '১০০ কার্ড',
  '360 cards': '৩৬০ কার্ড',
  '5 pieces': '৫টি',
  'Card size': 'কার্ডের মাপ',
  'Free size': 'ফ্রি সাইজ',
  S: 'এস',
  M: 'এম',
  L: 'এল',
  XL: 'এক্সএল',
  XXL: 'ডাবল এক্সএল',
  A1: 'এ১',
  A2: 'এ২',
  A3: 'এ৩',
  '3 x A4': '৩ × এ৪',
  'Midnight Blue': 'গাঢ় নীল',
  Crimson: 'টকটকে লাল',
  White: 'সাদা',
  Scarlet: 'সিঁদুরে লাল',
  Gunmetal: 'গানমেটাল ধূসর',
  'Arctic White': 'বরফ-সাদা',
  Black: 'কালো',
  Orange: 'কমলা',
  Teal: 'সবুজাভ নীল',
  Gold: 'সোনালি',
  Emerald: 'পান্না সবুজ',
  Violet: 'জামরঙা',
  Pink: 'গোলাপি',
  Lavender: 'ল্যাভেন্ডার',
  Sealed: 'সিল করা',
  Red: 'লাল',
  Blue: 'নীল',
  Holo: 'হলোগ্রাফিক',
  'Matte Black': 'ম্যাট কালো',
  'Sakura Pink': 'সাকুরা গোলাপি',
  Clear: 'স্বচ্ছ',
  Navy: 'নেভি ব্লু',
  Purple: 'বেগুনি',
  Charcoal: 'কাঠকয়লা ধূসর',
  Maroon: 'মেরুন',
  Cream: 'ক্রিম',
  Olive: 'জলপাই সবুজ',
  Grey: 'ধূসর',
  Matte: 'ম্যাট',
  Glossy: 'চকচকে',
  Fabric: 'কাপড়',
  'Blueprint Blue': 'ব্লুপ্রিন্ট নীল',
  Multi: 'বহু রঙের',
  'Green glow': 'সবুজ আভা',
  Silver: 'রুপালি',
  'Blue light': 'নীল আলো',
  Green: 'সবুজ',
  Brown: 'বাদামি',
};

/** A demo product's sizes or colors in Bengali, by position (NFC, as the API stores them), or null when it has none. */
export const bengaliLabelsOf = (labels: readonly string[]): string[] | null => (labels.length ? labels.map((label) => (demoLabelsBn[label] ?? '').normalize('NFC')) : null);

/** The stock of a demo variant not listed in its product's `stock`. */
export const demoStock = 40;

export type DemoCategory = { name: string; nameBn: string; hue: number; products: DemoProduct[] };

const p = (title: string, price: number, sizes: string[], colors: string[], images: number, description: string): DemoProduct => ({
  title,
  price,
  sizes,
  colors,
  images,
  description,
});

/** A few lines low and a few sold out, so that a newcomer sees every stock state (issue 15). */
const low = (product: DemoProduct, stock: Record<string, number>): DemoProduct => ({ ...product, stock });

/** A product with its Bengali title and description (issue 33: all of them, so a Bengali visitor meets no English product). */
const bn = (product: DemoProduct, titleBn: string, descriptionBn?: string): DemoProduct => ({ ...product, titleBn, ...(descriptionBn ? { descriptionBn } : {}) });

export const demoCatalogue: readonly DemoCategory[] = [
  {
    name: 'Figures',
    nameBn: 'ফিগার',
    hue: 250,
    products: [
      bn(p('Starlight Ronin Scale Figure', 4500, ['1/7 scale', '1/8 scale'], ['Midnight Blue', 'Crimson'], 3, 'A sword-drawn ronin under a falling-star sky, hand-painted PVC with a diorama base. 24 cm tall at 1/7 scale.'), 'স্টারলাইট রোনিন স্কেল ফিগার', 'তারা-ঝরা আকাশের নিচে তলোয়ার হাতে এক রোনিন; হাতে রং করা পিভিসি, ডায়োরামা বেসসহ। ১/৭ স্কেলে ২৪ সেমি উঁচু।'),
      bn(p('Moonlit Shrine Maiden Figure', 3800, ['1/8 scale'], ['White', 'Scarlet'], 2, 'A shrine maiden mid-dance with flowing sleeves and a paper-lantern base. Interchangeable smiling face included.'), 'চাঁদনি রাতের মন্দির-কন্যা ফিগার', 'নাচের মাঝপথে এক মন্দির-কন্যা, উড়ন্ত হাতা আর কাগজের লণ্ঠনের বেস। সঙ্গে বদলে লাগানোর মতো একটি হাসিমুখ।'),
      bn(p('Mecha Vanguard Action Figure', 5200, ['Standard', 'Deluxe'], ['Gunmetal', 'Arctic White'], 3, 'Fully poseable mecha with 40 points of articulation, two beam rifles and a light-up reactor core (deluxe).'), 'মেকা ভ্যানগার্ড অ্যাকশন ফিগার', '৪০টি জয়েন্টে ইচ্ছেমতো ভঙ্গি করানো যায় এমন মেকা, সঙ্গে দুটি বিম রাইফেল আর আলো-জ্বলা রিঅ্যাক্টর কোর (ডিলাক্সে)।'),
      bn(p('Chibi Ninja Cat Nendo-style Figure', 1600, ['10 cm'], ['Black', 'Orange'], 1, 'Palm-sized ninja cat with three swappable faces and a tiny shuriken. Perfect desk companion.'), 'চিবি নিনজা বিড়াল ফিগার', 'হাতের তালুর মাপের নিনজা বিড়াল, তিনটি বদলানো যায় এমন মুখ আর ছোট্ট একটি শুরিকেনসহ। পড়ার টেবিলের দারুণ সঙ্গী।'),
      bn(p('Sky Pirate Captain Figure', 4200, ['1/7 scale'], ['Teal', 'Gold'], 2, 'A sky pirate captain on the deck of an airship, coat tails in the wind, with a telescope accessory.'), 'স্কাই পাইরেট ক্যাপ্টেন ফিগার', 'উড়োজাহাজের ডেকে দাঁড়িয়ে আকাশ-জলদস্যুদের ক্যাপ্টেন, বাতাসে উড়ছে কোটের প্রান্ত; সঙ্গে একটি দূরবিন।'),
      bn(low(p('Dragon Tamer Prize Figure', 2200, ['18 cm'], ['Emerald', 'Violet'], 2, 'Prize-grade figure of a young dragon tamer with a coiled jade dragon. Great value for new collectors.'), { '18 cm/Emerald': 3, '18 cm/Violet': 0 }), 'ড্রাগন টেমার প্রাইজ ফিগার', 'প্রাইজ-মানের ফিগার: কুণ্ডলী পাকানো জেড-সবুজ ড্রাগনের সঙ্গে এক তরুণ ড্রাগন-পোষক। নতুন সংগ্রাহকদের জন্য দামে সেরা।'),
      bn(p('Magical Idol Encore Figure', 3400, ['1/8 scale'], ['Pink', 'Lavender'], 3, 'A magical idol taking her encore bow, with a clear star-shaped stage base and glitter finish.'), 'ম্যাজিক্যাল আইডল এনকোর ফিগার', 'এনকোরে মাথা নুইয়ে অভিবাদন জানাচ্ছে এক জাদুকরী আইডল; স্বচ্ছ তারা-আকৃতির মঞ্চ-বেস আর ঝিকমিকে ফিনিশ।'),
    ],
  },
  {
    name: 'Trading Cards',
    nameBn: 'ট্রেডিং কার্ড',
    hue: 350,
    products: [
      bn(low(p('Spirit Duel Booster Box (24 packs)', 6500, ['24 packs'], ['Sealed'], 3, 'A sealed booster box of the Spirit Duel card game, 24 packs of 10 cards, with at least one holo rare per pack.'), { '24 packs/Sealed': 1 }), 'স্পিরিট ডুয়েল বুস্টার বক্স (২৪ প্যাক)', 'স্পিরিট ডুয়েল কার্ড গেমের সিল করা বুস্টার বক্স: ১০ কার্ডের ২৪টি প্যাক, প্রতি প্যাকে অন্তত একটি হলো রেয়ার।'),
      bn(p('Spirit Duel Starter Deck: Flame Oath', 950, ['40 cards'], ['Red'], 1, 'A ready-to-play 40-card starter deck built around the Flame Oath warriors, with rules sheet and playmat.'), 'স্পিরিট ডুয়েল স্টার্টার ডেক: ফ্লেম ওথ', 'সরাসরি খেলার মতো ৪০ কার্ডের স্টার্টার ডেক, ফ্লেম ওথ যোদ্ধাদের নিয়ে সাজানো; সঙ্গে নিয়মের কাগজ আর প্লেম্যাট।'),
      bn(p('Spirit Duel Starter Deck: Tidecaller', 950, ['40 cards'], ['Blue'], 1, 'A ready-to-play starter deck of sea spirits and control spells, ideal for a second player.'), 'স্পিরিট ডুয়েল স্টার্টার ডেক: টাইডকলার', 'সমুদ্র-আত্মা আর নিয়ন্ত্রণের মন্ত্রে সাজানো, সরাসরি খেলার মতো স্টার্টার ডেক; দ্বিতীয় খেলোয়াড়ের জন্য আদর্শ।'),
      bn(low(p('Celestial Rare Single: Aurora Phoenix', 2800, ['Near Mint', 'Lightly Played'], ['Holo'], 2, 'Single card, the Aurora Phoenix secret rare with rainbow foil. Graded condition as selected.'), { 'Near Mint/Holo': 2, 'Lightly Played/Holo': 0 }), 'সেলেস্টিয়াল রেয়ার সিঙ্গেল: অরোরা ফিনিক্স', 'একক কার্ড: রংধনু ফয়েলের অরোরা ফিনিক্স সিক্রেট রেয়ার। কার্ডের অবস্থা আপনার বেছে নেওয়া গ্রেড অনুযায়ী।'),
      bn(p('Premium Card Sleeves (100)', 450, ['Standard', 'Japanese'], ['Matte Black', 'Sakura Pink', 'Clear'], 2, 'One hundred matte sleeves with a smooth shuffle feel and no-peel seams. Standard or Japanese size.'), 'প্রিমিয়াম কার্ড স্লিভ (১০০টি)', 'মসৃণভাবে শাফল করা যায় এমন একশোটি ম্যাট স্লিভ, জোড়া খুলে আসে না। স্ট্যান্ডার্ড বা জাপানি মাপে।'),
      bn(p('Collector Binder (9-pocket)', 1200, ['360 cards'], ['Black', 'Navy', 'Red'], 2, 'A zip-up 9-pocket binder holding 360 sleeved cards, side-loading pages that keep cards from slipping out.'), 'কালেক্টর বাইন্ডার (৯ পকেট)', 'চেইন লাগানো ৯ পকেটের বাইন্ডার, স্লিভসহ ৩৬০টি কার্ড ধরে; পাশ দিয়ে ঢোকানো পাতায় কার্ড পিছলে পড়ে না।'),
      bn(p('Deck Box with Dice Tray', 850, ['100 cards'], ['Purple', 'Black'], 2, 'Magnetic deck box for 100 double-sleeved cards, with a hidden drawer that doubles as a dice tray.'), 'ডাইস ট্রেসহ ডেক বক্স', 'ডাবল-স্লিভ করা ১০০টি কার্ডের চুম্বকে আটকানো ডেক বক্স; এর লুকানো ড্রয়ারটি ডাইস ট্রে হিসেবেও চলে।'),
    ],
  },
  {
    name: 'Apparel',
    nameBn: 'পোশাক',
    hue: 200,
    products: [
      bn(p('Neo-Tokyo Skyline Hoodie', 2400, ['S', 'M', 'L', 'XL', 'XXL'], ['Black', 'Charcoal'], 3, 'Heavyweight cotton-blend hoodie with a neon Neo-Tokyo skyline print across the back and kanji on the sleeve.'), 'নিও-টোকিও স্কাইলাইন হুডি', 'ভারী সুতি মিশ্রণের হুডি, পিঠজুড়ে নিয়ন আলোর নিও-টোকিও স্কাইলাইন আর হাতায় কাঞ্জি প্রিন্ট।'),
      bn(p('Kitsune Mask Graphic T-shirt', 850, ['S', 'M', 'L', 'XL'], ['White', 'Black', 'Maroon'], 2, 'Soft 180 GSM cotton tee with a hand-drawn kitsune mask print. Pre-shrunk, comfortable in Dhaka heat.'), 'কিটসুনে মুখোশ গ্রাফিক টি-শার্ট', '১৮০ জিএসএমের নরম সুতি টি-শার্ট, হাতে আঁকা কিটসুনে মুখোশের প্রিন্ট। আগেই ধুয়ে সংকুচিত করা, ঢাকার গরমে আরামদায়ক।'),
      bn(p('Ramen Shop Oversized Tee', 950, ['M', 'L', 'XL'], ['Cream', 'Navy'], 2, 'Oversized drop-shoulder tee with a cozy ramen shop illustration on the chest.'), 'রামেন দোকান ওভারসাইজড টি-শার্ট', 'ড্রপ-শোল্ডার ঢিলেঢালা টি-শার্ট, বুকে ছিমছাম এক রামেন দোকানের ছবি।'),
      bn(low(p('Mecha Pilot Bomber Jacket', 4200, ['M', 'L', 'XL'], ['Olive', 'Black'], 3, 'Satin bomber jacket with embroidered squadron patches and a quilted lining.'), { 'XL/Olive': 0, 'XL/Black': 0, 'L/Olive': 4 }), 'মেকা পাইলট বম্বার জ্যাকেট', 'সাটিনের বম্বার জ্যাকেট, সূচিকাজ করা স্কোয়াড্রন প্যাচ আর কুইল্ট করা ভেতরের আস্তরসহ।'),
      bn(p('Sakura Petal Cap', 650, ['Free size'], ['Pink', 'Black', 'White'], 1, 'Adjustable cotton cap with embroidered sakura petals.'), 'সাকুরা পাপড়ি ক্যাপ', 'মাপ বদলানো যায় এমন সুতি ক্যাপ, সাকুরা পাপড়ির সূচিকাজ করা।'),
      bn(p('Ninja Clan Track Pants', 1500, ['S', 'M', 'L', 'XL'], ['Black', 'Grey'], 2, 'Tapered track pants with a side stripe of shuriken prints and zipped pockets.'), 'নিনজা ক্ল্যান ট্র্যাক প্যান্ট', 'নিচের দিকে সরু ট্র্যাক প্যান্ট, পাশে শুরিকেন প্রিন্টের ডোরা আর চেইন লাগানো পকেট।'),
      bn(p('Spirit Duel Jersey', 1800, ['S', 'M', 'L', 'XL', 'XXL'], ['Red', 'Blue'], 2, 'Breathable tournament jersey with the Spirit Duel crest. Add your player name at checkout notes.'), 'স্পিরিট ডুয়েল জার্সি', 'স্পিরিট ডুয়েলের প্রতীক আঁকা, বাতাস চলাচল করে এমন টুর্নামেন্ট জার্সি। আপনার খেলোয়াড়-নাম অর্ডারের নোটে জানান।'),
    ],
  },
  {
    name: 'Posters',
    nameBn: 'পোস্টার',
    hue: 30,
    products: [
      bn(p('Starfall Over the City Poster', 450, ['A3', 'A2'], ['Matte', 'Glossy'], 1, 'Art print of a starfall over a rain-washed city, printed on 250 GSM paper.'), 'শহরের আকাশে তারা-ঝরা পোস্টার', 'বৃষ্টিভেজা শহরের ওপর তারা-ঝরার ছবি, ২৫০ জিএসএম কাগজে ছাপা।'),
      bn(p('Hero Squad Lineup Wall Scroll', 1200, ['60 x 90 cm'], ['Fabric'], 2, 'Fabric wall scroll of the whole hero squad with wooden rods and hanging cord.'), 'হিরো স্কোয়াড লাইনআপ ওয়াল স্ক্রল', 'পুরো হিরো স্কোয়াডের ছবিসহ কাপড়ের দেয়াল-স্ক্রল, কাঠের দণ্ড আর ঝোলানোর দড়িসহ।'),
      bn(p('Retro Anime Festival Print', 550, ['A3', 'A2'], ['Matte'], 1, 'A retro festival poster in a faded 90s palette. Frames not included.'), 'রেট্রো অ্যানিমে উৎসব প্রিন্ট', 'নব্বইয়ের দশকের ফিকে রঙে আঁকা রেট্রো উৎসবের পোস্টার। ফ্রেম সঙ্গে নেই।'),
      bn(p('Dragon Shrine Triptych Set', 1400, ['3 x A4'], ['Matte'], 3, 'Three A4 prints that join into one dragon shrine panorama.'), 'ড্রাগন মন্দির ট্রিপটিক সেট', 'তিনটি এ৪ প্রিন্ট, পাশাপাশি রাখলে মিলে যায় ড্রাগন মন্দিরের একটি প্যানোরামায়।'),
      bn(p('Magical Idol Concert Poster', 500, ['A3', 'A2'], ['Glossy'], 1, 'Glossy concert poster of the Magical Idol encore tour.'), 'ম্যাজিক্যাল আইডল কনসার্ট পোস্টার', 'ম্যাজিক্যাল আইডলের এনকোর ট্যুরের চকচকে কনসার্ট পোস্টার।'),
      bn(p('Mecha Blueprint Print', 650, ['A2', 'A1'], ['Blueprint Blue'], 2, 'Technical blueprint of the Vanguard mecha with callouts and measurements.'), 'মেকা ব্লুপ্রিন্ট প্রিন্ট', 'ভ্যানগার্ড মেকার কারিগরি নকশা, প্রতিটি অংশের নাম আর মাপসহ।'),
    ],
  },
  {
    name: 'Keychains',
    nameBn: 'চাবির রিং',
    hue: 160,
    products: [
      bn(p('Acrylic Chibi Keychain Set (5)', 750, ['5 pieces'], ['Multi'], 2, 'Five double-sided acrylic chibi charms with metal rings.'), 'অ্যাক্রিলিক চিবি চাবির রিং সেট (৫টি)', 'দুই পাশে ছাপা পাঁচটি অ্যাক্রিলিক চিবি চার্ম, ধাতব রিংসহ।'),
      bn(p('Glow-in-the-dark Spirit Fox Keychain', 350, ['6 cm'], ['Green glow'], 1, 'A fox spirit charm that glows softly after sunlight.'), 'অন্ধকারে জ্বলা শিয়াল-আত্মা চাবির রিং', 'রোদে রাখার পর অন্ধকারে মৃদু আলো ছড়ায় এমন শিয়াল-আত্মার চার্ম।'),
      bn(low(p('Metal Shuriken Keychain', 300, ['5 cm'], ['Silver', 'Black'], 1, 'Zinc-alloy shuriken keychain with a spinning centre (blunt edges).'), { '5 cm/Black': 5 }), 'ধাতব শুরিকেন চাবির রিং', 'ঘোরানো যায় এমন মাঝখানসহ দস্তা-মিশ্র ধাতুর শুরিকেন চাবির রিং (ধার নেই)।'),
      bn(p('Rubber Ramen Bowl Keychain', 250, ['4 cm'], ['Multi'], 1, 'Squishy PVC ramen bowl charm with a lobster clasp.'), 'রাবারের রামেন বাটি চাবির রিং', 'চাপ দিলে দেবে যায় এমন নরম পিভিসির রামেন বাটির চার্ম, লবস্টার ক্ল্যাস্প লাগানো।'),
      bn(p('Spirit Duel Card Charm', 400, ['Card size'], ['Holo'], 2, 'Miniature holo card charm of the Aurora Phoenix.'), 'স্পিরিট ডুয়েল কার্ড চার্ম', 'অরোরা ফিনিক্সের ছোট্ট হলো কার্ডের চার্ম।'),
      bn(p('Sakura Lantern Keychain', 380, ['7 cm'], ['Pink', 'Red'], 1, 'A tiny paper-lantern style charm with a sakura print.'), 'সাকুরা লণ্ঠন চাবির রিং', 'কাগজের লণ্ঠনের মতো দেখতে ছোট্ট চার্ম, গায়ে সাকুরার প্রিন্ট।'),
      bn(p('Mecha Core LED Keychain', 550, ['6 cm'], ['Blue light'], 2, 'Reactor core keychain with a push-button LED (battery included).'), 'মেকা কোর এলইডি চাবির রিং', 'বোতাম চাপলে জ্বলে ওঠা এলইডিসহ রিঅ্যাক্টর কোরের চাবির রিং (ব্যাটারি সঙ্গে দেওয়া)।'),
    ],
  },
  {
    name: 'Plush',
    nameBn: 'নরম পুতুল',
    hue: 300,
    products: [
      bn(p('Sleepy Spirit Fox Plush', 1400, ['30 cm', '45 cm'], ['Orange', 'White'], 3, 'Extra-soft sleepy fox plush with embroidered eyes, safe for all ages.'), 'ঘুমকাতুরে শিয়াল পুতুল', 'সূচিকাজ করা চোখের খুব নরম ঘুমন্ত শিয়াল পুতুল, সব বয়সের জন্য নিরাপদ।'),
      bn(low(p('Chibi Dragon Plush', 1200, ['25 cm'], ['Green', 'Purple'], 2, 'Round chibi dragon with little felt wings and a curly tail.'), { '25 cm/Purple': 1 }), 'চিবি ড্রাগন পুতুল', 'ফেল্টের ছোট্ট ডানা আর কোঁকড়ানো লেজের গোলগাল চিবি ড্রাগন।'),
      bn(p('Onigiri Cushion', 900, ['35 cm'], ['White'], 1, 'A rice-ball cushion with a nori wrap and a shy smile.'), 'অনিগিরি কুশন', 'নোরি মোড়ানো, লাজুক হাসির ভাতের বলের মতো কুশন।'),
      bn(p('Ninja Cat Plush', 1100, ['28 cm'], ['Black', 'Grey'], 2, 'Ninja cat plush with a removable headband.'), 'নিনজা বিড়াল পুতুল', 'খুলে রাখা যায় এমন মাথার ফিতাসহ নিনজা বিড়াল পুতুল।'),
      bn(p('Mecha Pilot Bear', 1600, ['35 cm'], ['Brown'], 2, 'Teddy bear in a pilot suit with a velcro helmet.'), 'মেকা পাইলট ভালুক', 'পাইলটের পোশাক পরা টেডি বিয়ার, ভেলক্রো লাগানো হেলমেটসহ।'),
      bn(low(p('Giant Slime Cushion', 2500, ['60 cm'], ['Blue', 'Pink'], 3, 'A huge, squishy slime cushion that doubles as a backrest.'), { '60 cm/Blue': 0, '60 cm/Pink': 0 }), 'বিশাল স্লাইম কুশন', 'বিশাল, তুলতুলে স্লাইম কুশন; পিঠ ঠেকানোর বালিশ হিসেবেও চলে।'),
    ],
  },
];
