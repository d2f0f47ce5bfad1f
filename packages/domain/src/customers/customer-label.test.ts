import { describe, expect, it } from 'vitest';
import { addressLine, customerLabel } from './customer-label.ts';

describe('customerLabel', () => {
  it.each([
    [{ firstName: 'Jane', lastName: 'Doe', company: 'Acme' }, 'Jane Doe (Acme)'],
    [{ firstName: 'Jane', lastName: 'Doe', company: null }, 'Jane Doe'],
    [{ firstName: 'Jane', lastName: 'Doe', company: '' }, 'Jane Doe'],
    [{ firstName: 'Jane', lastName: 'Doe', company: '   ' }, 'Jane Doe'],
    [{ firstName: 'Jane', lastName: 'Doe' }, 'Jane Doe'],
    [{ firstName: ' Jane ', lastName: ' Doe ', company: ' Acme ' }, 'Jane Doe (Acme)'],
    [{ firstName: 'Jane', lastName: '', company: 'Acme' }, 'Jane (Acme)'],
  ])('when the contact is %o, then it reads %s', (customer, expected) => {
    expect(customerLabel(customer)).toBe(expected);
  });
});

describe('addressLine', () => {
  it.each([
    [
      { address: '12 Elm St', city: 'Austin', state: 'TX', zip: '78701' },
      '12 Elm St, Austin, TX 78701',
    ],
    [
      { address: 'Austin, Texas 78701, United States', city: 'Austin', state: 'TX', zip: '78701' },
      'Austin, Texas 78701, United States',
    ],
    [{ address: '', city: 'Austin', state: 'TX', zip: null }, 'Austin, TX'],
    [{ address: '9 Oak Ave', city: null, state: null, zip: '78702' }, '9 Oak Ave, 78702'],
    [{}, ''],
  ])('when the parts are %j, then the line is %j', (parts, line) => {
    expect(addressLine(parts)).toBe(line);
  });
});
