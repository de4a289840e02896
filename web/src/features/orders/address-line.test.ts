import { describe, expect, it } from 'vitest';
import { addressLine } from './address-line';

describe('addressLine', () => {
  it('adds the thana and district the address does not name', () => {
    expect(addressLine({ address: 'House 5, Road 2', district: 'Dhaka', thana: 'Dhanmondi' })).toBe('House 5, Road 2, Dhanmondi, Dhaka');
    expect(addressLine({ address: 'House 5, road 2, dhanmondi', district: 'Dhaka', thana: 'Dhanmondi' })).toBe('House 5, road 2, dhanmondi, Dhaka');
    expect(addressLine({ address: 'Flat 3', district: null, thana: null })).toBe('Flat 3');
  });
});
