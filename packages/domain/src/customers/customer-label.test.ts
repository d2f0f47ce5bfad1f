import { describe, expect, it } from 'vitest';
import { customerLabel } from './customer-label.ts';

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
