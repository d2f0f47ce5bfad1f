import { describe, expect, it } from 'vitest';
import { calculateEstimate, type EstimateInput } from '../pricing/calculator.ts';
import {
  acceptSharedRequestSchema,
  proposalOptionsFor,
  publicRequestFormSchema,
} from './share-api.ts';

const HOME: EstimateInput = {
  propertyType: 'residential',
  squareFootage: 1800,
  numberOfRooms: 3,
  numberOfBathrooms: 2,
  frequency: 'weekly',
  additionalServices: ['window-cleaning'],
};

describe('proposalOptionsFor', () => {
  it('when services were chosen, then Basic drops them, Standard keeps them and Deep adds Deep Cleaning, each priced by the calculator', () => {
    const options = proposalOptionsFor(HOME);
    expect(options.map((o) => [o.id, o.additionalServices])).toEqual([
      ['basic', []],
      ['standard', ['window-cleaning']],
      ['deep', ['window-cleaning', 'deep-cleaning']],
    ]);
    for (const option of options) {
      expect(option.priceCents).toBe(
        calculateEstimate({ ...HOME, additionalServices: option.additionalServices }).priceCents,
      );
    }
    expect(options[0]!.priceCents).toBeLessThan(options[1]!.priceCents);
    expect(options[1]!.priceCents).toBeLessThan(options[2]!.priceCents);
  });

  it('when no service was chosen, then Standard would repeat Basic and is left out', () => {
    const options = proposalOptionsFor({ ...HOME, additionalServices: [] });
    expect(options.map((o) => o.id)).toEqual(['basic', 'deep']);
  });

  it('when Deep Cleaning was already chosen, then Deep would repeat Standard and is left out', () => {
    const options = proposalOptionsFor({ ...HOME, additionalServices: ['deep-cleaning'] });
    expect(options.map((o) => o.id)).toEqual(['basic', 'standard']);
  });
});

describe('acceptSharedRequestSchema', () => {
  it.each([
    [{ name: '  Ann Lee ' }, true],
    [{ name: 'A' }, false],
    [{ name: '' }, false],
    [{ name: 'Ann Lee', optionId: 'deep' }, true],
    [{ name: 'Ann Lee', optionId: 'premium' }, false],
  ])('when given %j, then valid is %s', (input, valid) => {
    expect(acceptSharedRequestSchema.safeParse(input).success).toBe(valid);
  });

  it('when the name is padded, then it is kept trimmed', () => {
    expect(acceptSharedRequestSchema.parse({ name: '  Ann Lee ' }).name).toBe('Ann Lee');
  });
});

describe('publicRequestFormSchema', () => {
  const valid = {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    service: 'window-cleaning',
  };

  it('when the required facts are given, then it passes', () => {
    expect(publicRequestFormSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ firstName: 'A' }, 'First name must be at least 2 characters.'],
    [{ email: 'ann@' }, 'Please enter a valid email address.'],
    [{ phone: '555' }, 'Please enter a valid phone number.'],
    [{ service: 'gardening' }, 'Choose a service.'],
  ])('when %j, then it says %s', (change, message) => {
    const result = publicRequestFormSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
