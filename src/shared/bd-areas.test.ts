import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dhakaCityThanas, districtById, districts, divisions, findDistrict, findThana, formerNames, isThanaOf, thanasOf, zoneOf } from './bd-areas.js';
import { deliveryZones } from './money.js';

const fold = (s: string) => s.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{M}\p{N}]/gu, '');

describe('the data', () => {
  it('has the 64 districts, with unique ids, in the 8 divisions', () => {
    expect(districts).toHaveLength(64);
    expect(new Set(districts.map((d) => d.id)).size).toBe(64);
    expect(divisions).toHaveLength(8);
    expect(new Set(districts.map((d) => d.division))).toEqual(new Set(divisions.map((d) => d.en)));
    for (const d of districts) expect(d.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('spells districts and divisions as they are officially written today', () => {
    expect(districts.map((d) => d.en)).toEqual(expect.arrayContaining(['Chattogram', 'Cumilla', 'Barishal', 'Jashore', 'Bogura', 'Chapai Nawabganj', "Cox's Bazar"]));
    expect(districts.map((d) => d.en)).not.toEqual(expect.arrayContaining(['Chittagong']));
    expect(divisions.map((d) => d.en)).toEqual(['Barishal', 'Chattogram', 'Dhaka', 'Khulna', 'Mymensingh', 'Rajshahi', 'Rangpur', 'Sylhet']);
  });

  it('gives every district thanas, with no name (English or Bengali) twice in a district, sorted', () => {
    for (const d of districts) {
      expect(d.thanas.length, d.en).toBeGreaterThanOrEqual(1);
      expect(new Set(d.thanas.map((t) => fold(t.en))).size, d.en).toBe(d.thanas.length);
      expect(new Set(d.thanas.map((t) => fold(t.bn))).size, d.en).toBe(d.thanas.length);
      expect(d.thanas.map((t) => t.en)).toEqual([...d.thanas.map((t) => t.en)].sort((a, b) => a.localeCompare(b, 'en')));
      for (const t of d.thanas) {
        expect(t.en).toMatch(/^[A-Z][A-Za-z' -]*$/);
        expect(t.bn).toMatch(/^[\u0980-\u09FF][\u0980-\u09FF ]*$/);
        expect(t.bn).toBe(t.bn.normalize('NFC'));
      }
    }
  });

  it("lists all of Bangladesh's 495 upazilas and the city thanas", () => {
    // 495 upazilas + Dhaka 50, Chattogram 15, Khulna 8 and Rajshahi 4 metropolitan thanas.
    expect(districts.reduce((n, d) => n + d.thanas.length, 0)).toBe(495 + 50 + 15 + 8 + 4);
  });

  it("gives Dhaka its 50 city thanas and its 5 upazilas", () => {
    expect(dhakaCityThanas).toHaveLength(50);
    const dhaka = thanasOf('dhaka').map((t) => t.en);
    expect(dhaka).toHaveLength(55);
    expect(dhaka).toEqual(expect.arrayContaining([...dhakaCityThanas, 'Savar', 'Keraniganj', 'Dhamrai', 'Dohar', 'Nawabganj']));
    for (const name of ['Dhanmondi', 'Gulshan', 'Mirpur', 'Mohammadpur', 'Uttara East', 'Uttara West', 'Tejgaon', 'Ramna', 'Motijheel', 'Badda', 'Khilgaon', 'Pallabi', 'Cantonment', 'Lalbagh', 'Kotwali', 'Sutrapur', 'Demra', 'Jatrabari', 'Shyampur', 'Kadamtali', 'Kafrul', 'Adabor', 'Shah Ali', 'Turag', 'Uttar Khan', 'Dakshinkhan', 'Khilkhet', 'Bhasantek', 'Vatara', 'Rampura', 'Hazaribagh', 'Kamrangirchar', 'Chawkbazar', 'Bangshal', 'Wari', 'Gendaria', 'Shahbagh', 'Paltan', 'Sabujbagh', 'Mugda', 'Shahjahanpur', 'New Market', 'Kalabagan', 'Sher-e-Bangla Nagar', 'Darus Salam', 'Rupnagar', 'Bimanbandar', 'Hatirjheel']) {
      expect(isThanaOf('dhaka', name), name).toBe(true);
    }
  });

  it('names no district twice across English, Bengali, former names and ids', () => {
    const owner = new Map<string, string>();
    for (const d of districts) {
      for (const name of new Set([d.id, d.en, d.bn, ...(formerNames[d.id] ?? [])].map(fold))) {
        expect(owner.get(name), `${name}: ${d.id} and ${owner.get(name)}`).toBeUndefined();
        owner.set(name, d.id);
      }
    }
    for (const id of Object.keys(formerNames)) expect(districtById(id), id).toBeDefined();
  });
});

describe('lookups', () => {
  it('finds a district by its English, Bengali or former name, whatever the case and punctuation', () => {
    const ctg = districtById('chattogram');
    expect(ctg?.en).toBe('Chattogram');
    expect(findDistrict('Chittagong')).toBe(ctg);
    expect(findDistrict('Chattogram')).toBe(ctg);
    expect(findDistrict('চট্টগ্রাম')).toBe(ctg);
    expect(findDistrict('  CHITTAGONG ')).toBe(ctg);
    expect(findDistrict('Comilla')?.id).toBe('cumilla');
    expect(findDistrict('Bogra')?.id).toBe('bogura');
    expect(findDistrict('Jessore')?.id).toBe('jashore');
    expect(findDistrict('Barisal')?.id).toBe('barishal');
    expect(findDistrict('coxs bazar')?.id).toBe('coxs-bazar');
    expect(findDistrict("Cox's-Bazar")?.id).toBe('coxs-bazar');
    expect(findDistrict('Chapainawabganj')?.id).toBe('chapai-nawabganj');
    expect(findDistrict('ঢাকা')?.id).toBe('dhaka');
    expect(findDistrict('Atlantis')).toBeUndefined();
    expect(findDistrict('')).toBeUndefined();
  });

  it('reads Bengali in either Unicode form of য়', () => {
    // বগুড়া and ময়মনসিংহ written with the precomposed ড় (U+09DC) and য় (U+09DF) instead of base + nukta.
    expect(findDistrict('বগু\u09DCা')?.id).toBe('bogura');
    expect(findDistrict('ম\u09DFমনসিংহ')?.id).toBe('mymensingh');
  });

  it('answers the thanas of a district, none for an unknown one', () => {
    expect(thanasOf('bogura').map((t) => t.en)).toContain('Bogura Sadar');
    expect(thanasOf('atlantis')).toEqual([]);
    expect(districtById('atlantis')).toBeUndefined();
  });

  it("knows a district's thanas by English or Bengali name, and no other district's", () => {
    expect(isThanaOf('dhaka', 'Dhanmondi')).toBe(true);
    expect(isThanaOf('dhaka', 'dhanmondi')).toBe(true);
    expect(isThanaOf('dhaka', 'Sher E Bangla Nagar')).toBe(true);
    expect(isThanaOf('dhaka', 'ধানমন্ডি')).toBe(true);
    expect(findThana('dhaka', 'sher e bangla nagar')?.en).toBe('Sher-e-Bangla Nagar');
    expect(isThanaOf('dhaka', 'Savar')).toBe(true);
    expect(isThanaOf('gazipur', 'Dhanmondi')).toBe(false);
    expect(isThanaOf('kushtia', 'Mirpur')).toBe(true);
    expect(isThanaOf('dhaka', '')).toBe(false);
    expect(isThanaOf('atlantis', 'Dhanmondi')).toBe(false);
    expect(isThanaOf('habiganj', 'Shaistaganj')).toBe(true);
    expect(isThanaOf('chattogram', 'Panchlaish')).toBe(true);
  });
});

describe('zoneOf', () => {
  it.each([
    ['dhaka', 'Dhanmondi'],
    ['dhaka', 'Uttara West'],
    ['dhaka', 'Demra'],
    ['dhaka', 'kotwali'],
    ['dhaka', 'গুলশান'],
  ])("%s / %s is 'Inside Dhaka'", (d, t) => expect(zoneOf(d, t)).toBe('Inside Dhaka'));

  it.each([
    ['dhaka', 'Savar'],
    ['dhaka', 'Keraniganj'],
    ['dhaka', 'Dhamrai'],
    ['dhaka', 'Dohar'],
    ['dhaka', 'Nawabganj'],
    ['gazipur', 'Gazipur Sadar'],
    ['gazipur', 'Kapasia'],
    ['narayanganj', 'Narayanganj Sadar'],
    ['narayanganj', 'Sonargaon'],
  ])("%s / %s is 'Suburbs Dhaka'", (d, t) => expect(zoneOf(d, t)).toBe('Suburbs Dhaka'));

  it.each([
    ['chattogram', 'Kotwali'],
    ['chattogram', 'Patiya'],
    ['kushtia', 'Mirpur'],
    ['dinajpur', 'Nawabganj'],
    ['munshiganj', 'Sreenagar'],
    ['manikganj', 'Singair'],
    ['sylhet', 'Sylhet Sadar'],
  ])("%s / %s is 'Outside Dhaka'", (d, t) => expect(zoneOf(d, t)).toBe('Outside Dhaka'));

  it("puts exactly Dhaka's 50 city thanas inside Dhaka, and the rest of Dhaka, Gazipur and Narayanganj in the suburbs", () => {
    const inZone = (zone: string) => districts.flatMap((d) => d.thanas.filter((t) => zoneOf(d.id, t.en) === zone).map((t) => `${d.id}/${t.en}`)).sort();
    expect(inZone('Inside Dhaka')).toEqual(dhakaCityThanas.map((t) => `dhaka/${t}`).sort());
    expect(inZone('Suburbs Dhaka')).toEqual(
      [
        ...['Dhamrai', 'Dohar', 'Keraniganj', 'Nawabganj', 'Savar'].map((t) => `dhaka/${t}`),
        ...thanasOf('gazipur').map((t) => `gazipur/${t.en}`),
        ...thanasOf('narayanganj').map((t) => `narayanganj/${t.en}`),
      ].sort(),
    );
  });

  it("answers a zone for every listed (district, thana), 'Inside Dhaka' exactly for Dhaka's city thanas (property)", () => {
    const pairs = districts.flatMap((d) => d.thanas.map((t) => [d.id, t.en] as const));
    const city = new Set(dhakaCityThanas);
    fc.assert(
      fc.property(fc.constantFrom(...pairs), ([d, t]) => {
        const zone = zoneOf(d, t);
        expect(deliveryZones).toContain(zone);
        expect(zone === 'Inside Dhaka').toBe(d === 'dhaka' && city.has(t));
      }),
    );
  });

  it('answers one of the three zones for any input at all (property)', () => {
    const district = fc.oneof(fc.constantFrom(...districts.map((d) => d.id)), fc.string());
    fc.assert(
      fc.property(district, fc.string(), (d, t) => {
        expect(deliveryZones).toContain(zoneOf(d, t));
      }),
    );
  });
});
