import { describe, expect, it } from 'vitest';
import { calculatorSchema } from './calculator.ts';

describe('calculatorSchema', () => {
  it('when nothing is given, then it passes (every field is optional)', () => {
    expect(calculatorSchema.parse({})).toEqual({});
  });

  it.each([
    ['squareFootage', 1, true],
    ['squareFootage', 0.5, true],
    ['squareFootage', 0, false],
    ['squareFootage', -100, false],
    ['numberOfRooms', 0, true],
    ['numberOfRooms', -1, false],
    ['numberOfBathrooms', 0, true],
    ['numberOfBathrooms', -1, false],
    ['estimatedHours', 0, true],
    ['estimatedHours', -0.5, false],
    ['totalAmount', 0, true],
    ['totalAmount', -0.01, false],
    ['totalCost', 0, true],
    ['totalCost', -1, false],
    ['hourlyRate', 35, true],
    ['hourlyRate', 0, false],
    ['email', 'jane@example.com', true],
    ['email', '', true],
    ['email', 'jane@', false],
    ['propertyType', 'commercial', true],
    ['propertyType', 'industrial', false],
    ['frequency', 'bi-weekly', true],
    ['frequency', 'daily', false],
    ['condition', 'long_time_no_clean', true],
    ['condition', 'filthy', false],
    ['customer_id', null, true],
    ['profit', -500, true],
    ['profitMargin', -12, true],
    ['squareFootage', '1000', false],
  ])('when %s is %j, then valid is %s', (field, value, valid) => {
    expect(calculatorSchema.safeParse({ [field]: value }).success).toBe(valid);
  });

  it('when the e-mail is invalid, then the contact form message is used', () => {
    expect(calculatorSchema.safeParse({ email: 'nope' }).error?.issues[0]?.message).toBe(
      'Please enter a valid email address.',
    );
  });

  it('when a full form is saved, then every spec field survives parsing', () => {
    const form = {
      propertyType: 'residential',
      squareFootage: 1000,
      numberOfRooms: 1,
      numberOfBathrooms: 1,
      frequency: 'one-time',
      additionalServices: ['deep-cleaning'],
      estimatedHours: 4,
      hourlyRate: 35,
      email: 'jane@example.com',
      phone: '5551234567',
      clientName: 'Jane Doe',
      customer_id: 'c-1',
      assignee: 'emp-1',
      totalAmount: 145,
      condition: 'regular',
      specificAreas: ['kitchen'],
      accessibility: ['stairs'],
      clientPreferences: ['pet_safe'],
      timeConstraints: { startTime: '9:00 AM', endTime: '11:00 AM' },
      toolRequirements: [
        {
          name: 'Basic Cleaning Kit',
          quantity: 1,
          costPerUnit: 15,
          sellingPrice: 0,
          required: true,
        },
      ],
      totalCost: 108,
      profit: 37,
      profitMargin: 26,
    };
    expect(calculatorSchema.parse(form)).toEqual(form);
  });

  it.each([
    [{ name: 'Kit', quantity: -1, costPerUnit: 15, sellingPrice: 0, required: true }, false],
    [{ name: 'Kit', quantity: 1, costPerUnit: 15, sellingPrice: 0 }, false],
    [{ name: 'Kit', quantity: 0, costPerUnit: 0, sellingPrice: 0, required: false }, true],
  ])('when a tool row is %j, then valid is %s', (row, valid) => {
    expect(calculatorSchema.safeParse({ toolRequirements: [row] }).success).toBe(valid);
  });
});
