import {
  inspectionScore,
  missingRequired,
  findingsOf,
  type InspectionAnswer,
  type InspectionDetail,
  type InspectionListItem,
  type InspectionSnapshot,
  type InspectionTemplate,
} from '@crewdesk/domain';
import { givenAnswerOf } from '../model/inspection-text';

export const INSPECTION_ID = '66666666-6666-4666-8666-666666666666';
export const TEMPLATE_ID = '77777777-7777-4777-8777-777777777777';
export const FAMILY_ID = '88888888-8888-4888-8888-888888888888';
export const CONTACT_ID = '99999999-9999-4999-8999-999999999999';
export const INSPECTOR_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

export const SNAPSHOT: InspectionSnapshot = {
  name: 'Kitchen check',
  description: '',
  passMarkPercent: 80,
  sections: [
    {
      key: 'kitchen',
      title: 'Kitchen',
      items: [
        {
          key: 'floor',
          label: 'Floor clean',
          kind: 'pass_fail_na',
          required: true,
          photoRequiredWhenFailed: true,
          weight: 2,
          failingAnswer: 'no',
          unit: null,
          remedy: { description: 'Deep clean the floor', priceCents: 8000 },
        },
        {
          key: 'oven',
          label: 'Oven condition',
          kind: 'rating_1_5',
          required: true,
          photoRequiredWhenFailed: false,
          weight: 1,
          failingAnswer: 'no',
          unit: null,
          remedy: { description: 'Clean the oven', priceCents: 4500 },
        },
        {
          key: 'temp',
          label: 'Fridge temperature',
          kind: 'number_with_unit',
          required: false,
          photoRequiredWhenFailed: false,
          weight: 0,
          failingAnswer: 'no',
          unit: '°F',
          remedy: null,
        },
      ],
    },
  ],
};

export function template(overrides: Partial<InspectionTemplate> = {}): InspectionTemplate {
  return {
    id: TEMPLATE_ID,
    familyId: FAMILY_ID,
    version: 2,
    name: SNAPSHOT.name,
    description: '',
    passMarkPercent: 80,
    sections: SNAPSHOT.sections,
    archived: false,
    starterKey: null,
    itemCount: 3,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function listItem(overrides: Partial<InspectionListItem> = {}): InspectionListItem {
  return {
    id: INSPECTION_ID,
    status: 'finished',
    templateId: TEMPLATE_ID,
    templateFamilyId: FAMILY_ID,
    templateName: 'Kitchen check',
    templateVersion: 2,
    contact: { id: CONTACT_ID, name: 'Grace Hopper' },
    job: null,
    siteAddress: '1 Main St, Springfield',
    inspector: { id: INSPECTOR_ID, name: 'Ben Brush' },
    startedAt: '2026-11-20T09:00:00.000Z',
    finishedAt: '2026-11-20T10:00:00.000Z',
    scorePercent: 92.5,
    passed: true,
    ...overrides,
  };
}

export function answer(
  itemKey: string,
  kind: InspectionAnswer['kind'],
  value: InspectionAnswer['value'],
  overrides: Partial<InspectionAnswer> = {},
): InspectionAnswer {
  return {
    itemKey,
    kind,
    value,
    name: null,
    note: '',
    internalNote: '',
    failed: value === 'fail' || (kind === 'rating_1_5' && Number(value) <= 2),
    photos: [],
    updatedAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

/** A detail whose score, missing items and findings follow from its answers, as the server's do. */
export function detail(
  answers: InspectionAnswer[] = [],
  overrides: Partial<InspectionDetail> = {},
): InspectionDetail {
  const given = Object.fromEntries(answers.map((a) => [a.itemKey, givenAnswerOf(a)]));
  return {
    ...listItem({
      status: answers.length ? 'in_progress' : 'draft',
      finishedAt: null,
      scorePercent: null,
      passed: null,
    }),
    snapshot: SNAPSHOT,
    answers,
    score: inspectionScore(SNAPSHOT, given),
    missing: missingRequired(SNAPSHOT, given),
    findings: findingsOf(SNAPSHOT, given),
    notes: '',
    internalNotes: '',
    signature: null,
    share: null,
    quoteRequestIds: [],
    contactEmail: null,
    ...overrides,
  };
}
