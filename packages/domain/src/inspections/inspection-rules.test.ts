import { describe, expect, it } from 'vitest';
import {
  acceptFindingsInputSchema,
  inspectionListQuerySchema,
  startInspectionInputSchema,
} from './inspection-api.ts';
import {
  answerMismatch,
  chosenFindings,
  findingsOf,
  inspectionAnswerInputSchema,
  inspectionScore,
  inspectionTemplateInputSchema,
  isFailed,
  missingRequired,
  missingRequiredMessage,
  quoteTotalOfFindings,
  type GivenAnswer,
  type InspectionAnswerValue,
  type InspectionItem,
  type InspectionSnapshot,
} from './inspection-rules.ts';
import { STARTER_TEMPLATE_KEYS, starterTemplate } from './inspection-starters.ts';

const item = (
  over: Partial<InspectionItem> & Pick<InspectionItem, 'key' | 'kind'>,
): InspectionItem => ({
  label: over.key,
  required: false,
  photoRequiredWhenFailed: false,
  weight: 1,
  failingAnswer: 'no',
  unit: null,
  remedy: null,
  ...over,
});

const snapshot = (
  sections: { key: string; items: InspectionItem[] }[],
  passMarkPercent = 80,
): InspectionSnapshot => ({
  name: 'T',
  description: '',
  passMarkPercent,
  sections: sections.map((s) => ({ ...s, title: s.key.toUpperCase() })),
});

const given = (value: InspectionAnswerValue, photoCount = 0): GivenAnswer => ({
  value,
  photoCount,
});
const pf = (value: 'pass' | 'fail' | 'na') => given({ kind: 'pass_fail_na', value });
const rating = (value: number) => given({ kind: 'rating_1_5', value });
const yn = (value: 'yes' | 'no') => given({ kind: 'yes_no', value });

describe('isFailed: what counts as a failed item, per kind', () => {
  it.each([
    ['pass_fail_na fail', item({ key: 'a', kind: 'pass_fail_na' }), pf('fail').value, true],
    ['pass_fail_na pass', item({ key: 'a', kind: 'pass_fail_na' }), pf('pass').value, false],
    ['pass_fail_na N.A.', item({ key: 'a', kind: 'pass_fail_na' }), pf('na').value, false],
    ['rating 1', item({ key: 'a', kind: 'rating_1_5' }), rating(1).value, true],
    ['rating 2', item({ key: 'a', kind: 'rating_1_5' }), rating(2).value, true],
    ['rating 3', item({ key: 'a', kind: 'rating_1_5' }), rating(3).value, false],
    ['yes/no "no" where no is bad', item({ key: 'a', kind: 'yes_no' }), yn('no').value, true],
    ['yes/no "yes" where no is bad', item({ key: 'a', kind: 'yes_no' }), yn('yes').value, false],
    [
      'yes/no "yes" where yes is bad',
      item({ key: 'a', kind: 'yes_no', failingAnswer: 'yes' }),
      yn('yes').value,
      true,
    ],
    [
      'yes/no "no" where yes is bad',
      item({ key: 'a', kind: 'yes_no', failingAnswer: 'yes' }),
      yn('no').value,
      false,
    ],
    [
      'a number never fails',
      item({ key: 'a', kind: 'number_with_unit' }),
      { kind: 'number_with_unit', value: -5 },
      false,
    ],
    ['a text never fails', item({ key: 'a', kind: 'text' }), { kind: 'text', value: 'bad' }, false],
    ['no answer', item({ key: 'a', kind: 'pass_fail_na' }), undefined, false],
    ['an answer of another kind', item({ key: 'a', kind: 'pass_fail_na' }), rating(1).value, false],
  ] as const)('%s → %s', (_name, it_, value, expected) => {
    expect(isFailed(it_, value as InspectionAnswerValue | undefined)).toBe(expected);
  });
});

describe('inspectionScore: weighted, N.A. and unscored kinds excluded, pass mark', () => {
  const s = snapshot([
    {
      key: 'a',
      items: [
        item({ key: 'a1', kind: 'pass_fail_na', weight: 3 }),
        item({ key: 'a2', kind: 'pass_fail_na', weight: 1 }),
        item({ key: 'a3', kind: 'text' }),
      ],
    },
    {
      key: 'b',
      items: [
        item({ key: 'b1', kind: 'rating_1_5', weight: 2 }),
        item({ key: 'b2', kind: 'yes_no', failingAnswer: 'yes' }),
        item({ key: 'b3', kind: 'photo' }),
      ],
    },
  ]);

  it.each([
    {
      name: 'all pass',
      answers: { a1: pf('pass'), a2: pf('pass'), b1: rating(5), b2: yn('no') },
      overall: 100,
      sections: [100, 100],
      passed: true,
    },
    {
      name: 'the heavy item fails',
      answers: { a1: pf('fail'), a2: pf('pass'), b1: rating(5), b2: yn('no') },
      // (0·3 + 1·1 + 1·2 + 1·1) / 7
      overall: 57.1,
      sections: [25, 100],
      passed: false,
    },
    {
      name: 'N.A. is left out of the weight, not scored as zero',
      answers: { a1: pf('na'), a2: pf('pass'), b1: rating(5), b2: yn('no') },
      overall: 100,
      sections: [100, 100],
      passed: true,
    },
    {
      name: 'a rating of 3 earns half',
      answers: { a1: pf('pass'), a2: pf('pass'), b1: rating(3), b2: yn('no') },
      // (3 + 1 + 0.5·2 + 1) / 7
      overall: 85.7,
      sections: [100, 66.7],
      passed: true,
    },
    {
      name: 'yes where yes is bad earns nothing',
      answers: { a1: pf('pass'), a2: pf('pass'), b1: rating(5), b2: yn('yes') },
      overall: 85.7,
      sections: [100, 66.7],
      passed: true,
    },
    {
      name: 'texts, photos and unanswered items do not count',
      answers: {
        a1: pf('pass'),
        a3: given({ kind: 'text', value: 'x' }),
        b3: given({ kind: 'photo' }, 2),
      },
      overall: 100,
      sections: [100, null],
      passed: true,
    },
    { name: 'nothing scored', answers: {}, overall: null, sections: [null, null], passed: null },
  ])('$name', ({ answers, overall, sections, passed }) => {
    const score = inspectionScore(s, answers);
    expect(score.overall.percent).toBe(overall);
    expect(score.sections.map((x) => x.percent)).toEqual(sections);
    expect(score.overall.passed).toBe(passed);
  });

  it('passes exactly at the pass mark, fails just below it', () => {
    const two = snapshot([{ key: 'a', items: [item({ key: 'x', kind: 'rating_1_5' })] }], 75);
    expect(inspectionScore(two, { x: rating(4) }).overall).toMatchObject({
      percent: 75,
      passed: true,
    });
    const strict = { ...two, passMarkPercent: 76 };
    expect(inspectionScore(strict, { x: rating(4) }).overall.passed).toBe(false);
  });

  it('a weight of 0 records the answer but does not score it (it still fails and counts as failed)', () => {
    const zero = snapshot([
      {
        key: 'a',
        items: [
          item({ key: 'x', kind: 'pass_fail_na', weight: 0 }),
          item({ key: 'y', kind: 'pass_fail_na' }),
        ],
      },
    ]);
    const score = inspectionScore(zero, { x: pf('fail'), y: pf('pass') });
    expect(score.overall).toMatchObject({ percent: 100, failedCount: 1 });
  });

  it('takes the answers as a Map too', () => {
    expect(inspectionScore(s, new Map([['a1', pf('fail')]])).overall.percent).toBe(0);
  });
});

describe('missingRequired: required answers and photos of failed items', () => {
  const s = snapshot([
    {
      key: 'a',
      items: [
        item({ key: 'req', kind: 'pass_fail_na', required: true }),
        item({ key: 'opt', kind: 'pass_fail_na' }),
        item({ key: 'photoWhenFailed', kind: 'pass_fail_na', photoRequiredWhenFailed: true }),
        item({ key: 'pic', kind: 'photo', required: true }),
        item({ key: 'words', kind: 'text', required: true }),
      ],
    },
  ]);
  const done = {
    req: pf('pass'),
    pic: given({ kind: 'photo' }, 1),
    words: given({ kind: 'text', value: 'ok' }),
  };

  it.each([
    { name: 'all done', answers: done, missing: [] },
    {
      name: 'nothing answered',
      answers: {},
      missing: [
        ['req', 'unanswered'],
        ['pic', 'unanswered'],
        ['words', 'unanswered'],
      ],
    },
    {
      name: 'a photo item without a photo',
      answers: { ...done, pic: given({ kind: 'photo' }, 0) },
      missing: [['pic', 'unanswered']],
    },
    {
      name: 'a blank text',
      answers: { ...done, words: given({ kind: 'text', value: '  ' }) },
      missing: [['words', 'unanswered']],
    },
    {
      name: 'a failed item that needs a photo, without one',
      answers: { ...done, photoWhenFailed: pf('fail') },
      missing: [['photoWhenFailed', 'photo_required']],
    },
    {
      name: 'the same with its photo',
      answers: { ...done, photoWhenFailed: pgiven('fail', 1) },
      missing: [],
    },
    {
      name: 'the same item passed needs no photo',
      answers: { ...done, photoWhenFailed: pf('pass') },
      missing: [],
    },
    { name: 'N.A. answers a required item', answers: { ...done, req: pf('na') }, missing: [] },
  ])('$name', ({ answers, missing }) => {
    expect(missingRequired(s, answers).map((m) => [m.itemKey, m.reason])).toEqual(missing);
  });

  it('says what is missing in words', () => {
    expect(
      missingRequiredMessage(missingRequired(s, { ...done, photoWhenFailed: pf('fail') })),
    ).toBe('1 item is not done: photoWhenFailed (failed, so it needs a photo).');
  });
});

/** A pass/fail answer with photos (declared below its first use: hoisted). */
function pgiven(value: 'pass' | 'fail' | 'na', photoCount: number) {
  return given({ kind: 'pass_fail_na', value }, photoCount);
}

describe('findings: failed items with a remedy, priced from the snapshot', () => {
  const s = snapshot([
    {
      key: 'a',
      items: [
        item({
          key: 'f1',
          kind: 'pass_fail_na',
          remedy: { description: 'Fix one', priceCents: 1000 },
        }),
        item({
          key: 'f2',
          kind: 'rating_1_5',
          remedy: { description: 'Fix two', priceCents: 2500 },
        }),
        item({ key: 'f3', kind: 'yes_no', remedy: { description: 'Fix three', priceCents: 400 } }),
        item({ key: 'noRemedy', kind: 'pass_fail_na' }),
      ],
    },
  ]);
  const answers = { f1: pf('fail'), f2: rating(2), f3: yn('yes'), noRemedy: pf('fail') };

  it('lists the failed items that carry a remedy, in order', () => {
    expect(findingsOf(s, answers).map((f) => [f.id, f.description, f.priceCents])).toEqual([
      ['f1', 'Fix one', 1000],
      ['f2', 'Fix two', 2500],
    ]);
    expect(quoteTotalOfFindings(findingsOf(s, answers))).toBe(3500);
  });

  it.each([
    { ids: ['f2'], ok: true, total: 2500 },
    { ids: ['f1', 'f2', 'f1'], ok: true, total: 3500 },
    { ids: ['f3'], ok: false, total: 0 },
    { ids: ['made-up'], ok: false, total: 0 },
    { ids: [], ok: false, total: 0 },
  ])('choosing $ids → ok $ok, total $total', ({ ids, ok, total }) => {
    const chosen = chosenFindings(findingsOf(s, answers), ids);
    expect(chosen.ok).toBe(ok);
    expect(chosen.ok ? quoteTotalOfFindings(chosen.findings) : 0).toBe(total);
  });
});

describe('answers of the wrong kind and bad templates are refused with clear messages', () => {
  it('an answer of another kind than its item', () => {
    const it_ = item({ key: 'x', kind: 'pass_fail_na' });
    expect(answerMismatch(it_, rating(3).value)).toBe(
      'This item is answered as pass/fail/N.A., not a rating from 1 to 5.',
    );
    expect(answerMismatch(it_, pf('na').value)).toBeNull();
  });

  it.each([
    [{ kind: 'rating_1_5', value: 6 }, 'value must be a rating from 1 to 5'],
    [{ kind: 'pass_fail_na', value: 'maybe' }, 'value must be pass, fail or na'],
    [{ kind: 'dance', value: 1 }, 'kind must be one of'],
    [{ kind: 'signature', name: 'A' }, 'Type the inspector’s full name to sign.'],
  ])('%j → %s', (body, message) => {
    const result = inspectionAnswerInputSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('fills notes with empty text', () => {
    expect(inspectionAnswerInputSchema.parse({ kind: 'yes_no', value: 'yes' })).toEqual({
      kind: 'yes_no',
      value: 'yes',
      note: '',
      internalNote: '',
    });
  });

  const base = {
    name: 'T',
    sections: [{ key: 's', title: 'S', items: [{ key: 'i', label: 'I', kind: 'text' }] }],
  };
  it.each([
    [
      'duplicate item keys',
      {
        ...base,
        sections: [
          {
            key: 's',
            title: 'S',
            items: [
              { key: 'i', label: 'I', kind: 'text' },
              { key: 'i', label: 'J', kind: 'text' },
            ],
          },
        ],
      },
      'The key "i" is used twice',
    ],
    [
      'a remedy on a text item',
      {
        ...base,
        sections: [
          {
            key: 's',
            title: 'S',
            items: [
              { key: 'i', label: 'I', kind: 'text', remedy: { description: 'x', priceCents: 1 } },
            ],
          },
        ],
      },
      'A remedy can only be set on an item that can fail',
    ],
    ['no sections', { ...base, sections: [] }, 'A template needs at least one section.'],
    [
      'a pass mark over 100',
      { ...base, passMarkPercent: 101 },
      'Pass mark must be between 0 and 100.',
    ],
    [
      'a negative weight',
      {
        ...base,
        sections: [
          { key: 's', title: 'S', items: [{ key: 'i', label: 'I', kind: 'text', weight: -1 }] },
        ],
      },
      'Weight must be between 0 and 100.',
    ],
    [
      'a key with spaces',
      { ...base, sections: [{ key: 's s', title: 'S', items: base.sections[0]!.items }] },
      'Section key may hold only letters',
    ],
  ])('%s', (_name, body, message) => {
    const result = inspectionTemplateInputSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).join(' | ')).toContain(message);
  });
});

describe('the API inputs', () => {
  it('an inspection starts on a visit or at a contact', () => {
    const templateId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    expect(startInspectionInputSchema.safeParse({ templateId }).success).toBe(false);
    expect(
      startInspectionInputSchema.safeParse({
        templateId,
        customerId: '7f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
      }).success,
    ).toBe(true);
  });

  it('the score band reads as numbers and must be in order', () => {
    expect(inspectionListQuerySchema.parse({ scoreMin: '50', scoreMax: '80' })).toMatchObject({
      scoreMin: 50,
      scoreMax: 80,
    });
    expect(inspectionListQuerySchema.safeParse({ scoreMin: '90', scoreMax: '80' }).success).toBe(
      false,
    );
  });

  it('accepting findings needs a name and at least one finding', () => {
    expect(acceptFindingsInputSchema.safeParse({ findingIds: [], name: 'Ann Lee' }).success).toBe(
      false,
    );
    expect(acceptFindingsInputSchema.safeParse({ findingIds: ['a'], name: 'A' }).success).toBe(
      false,
    );
    expect(
      acceptFindingsInputSchema.safeParse({ findingIds: ['a'], name: 'Ann Lee' }).success,
    ).toBe(true);
  });
});

describe('the starter templates', () => {
  it.each(STARTER_TEMPLATE_KEYS)('%s parses, scores and has findings to offer', (key) => {
    const template = starterTemplate(key);
    const items = template.sections.flatMap((s) => s.items);
    expect(items.length).toBeGreaterThan(5);
    expect(items.some((i) => i.remedy)).toBe(true);
    expect(items.some((i) => i.required)).toBe(true);
  });
});
