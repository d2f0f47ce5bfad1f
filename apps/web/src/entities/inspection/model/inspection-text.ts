import type {
  GivenAnswer,
  InspectionAnswer,
  InspectionAnswerValue,
  InspectionItemKind,
  InspectionStatus,
} from '@crewdesk/domain';

export const INSPECTION_STATUS_LABELS: Record<InspectionStatus, string> = {
  draft: 'Not started',
  in_progress: 'In progress',
  finished: 'Finished',
};

export const ITEM_KIND_LABELS: Record<InspectionItemKind, string> = {
  pass_fail_na: 'Pass / fail / N.A.',
  rating_1_5: 'Rating 1–5',
  yes_no: 'Yes / no',
  number_with_unit: 'Number',
  text: 'Text',
  photo: 'Photo',
  signature: 'Signature',
};

/** "87.5%", or a dash when nothing scored. */
export function formatScore(percent: number | null): string {
  return percent === null ? '—' : `${percent}%`;
}

/** An answer from the API as the domain's rules read it. */
export function answerValueOf(
  answer: Pick<InspectionAnswer, 'kind' | 'value' | 'name'>,
): InspectionAnswerValue {
  switch (answer.kind) {
    case 'photo':
      return { kind: 'photo' };
    case 'signature':
      return { kind: 'signature', name: answer.name ?? '' };
    case 'rating_1_5':
    case 'number_with_unit':
      return { kind: answer.kind, value: Number(answer.value) } as InspectionAnswerValue;
    default:
      return { kind: answer.kind, value: String(answer.value ?? '') } as InspectionAnswerValue;
  }
}

/** Whether the item was answered, not only given photos (those come back with a null value). */
export function hasAnswerValue(answer: Pick<InspectionAnswer, 'kind' | 'value' | 'name'>): boolean {
  if (answer.kind === 'photo') return true;
  if (answer.kind === 'signature') return answer.name !== null;
  return answer.value !== null;
}

export function givenAnswerOf(answer: InspectionAnswer): GivenAnswer {
  return {
    value: hasAnswerValue(answer) ? answerValueOf(answer) : { kind: 'photo' },
    photoCount: answer.photos.length,
  };
}

const WORDS: Record<string, string> = {
  pass: 'Pass',
  fail: 'Fail',
  na: 'N.A.',
  yes: 'Yes',
  no: 'No',
};

/** An answer as the report reads it: "Pass", "4 of 5", "12 psi". */
export function answerText(
  answer: Pick<InspectionAnswer, 'kind' | 'value' | 'name'> | null | undefined,
  unit: string | null = null,
): string {
  if (!answer || !hasAnswerValue(answer)) return 'Not answered';
  switch (answer.kind) {
    case 'pass_fail_na':
    case 'yes_no':
      return WORDS[String(answer.value)] ?? String(answer.value);
    case 'rating_1_5':
      return `${answer.value} of 5`;
    case 'number_with_unit':
      return unit ? `${answer.value} ${unit}` : String(answer.value);
    case 'text':
      return String(answer.value ?? '') || '—';
    case 'photo':
      return 'Photos';
    case 'signature':
      return answer.name ? `Signed: ${answer.name}` : 'Signed';
  }
}
