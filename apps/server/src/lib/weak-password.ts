import { PASSWORD_REASONS, passwordWeaknesses, WEAK_PASSWORD_CODE } from '@crewdesk/domain';
import { type TranslationKeys, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * The lowest estimator score a new password needs. zxcvbn's scores are guess counts on a log
 * scale: 3 means about 10^8 guesses or more ("safely unguessable"), enough against guessing
 * through the sign-in form (rate limited) and slow against a stolen table of scrypt hashes;
 * 4 (10^10) would also refuse many three-word passphrases people can remember. 0–2 are the
 * patterns attackers try first: dictionary words, repeats, keyboard rows, the user's own data.
 */
export const MIN_PASSWORD_SCORE = 3;

/** A new password that breaks the rules; the error handler answers 400 with every reason. */
export class WeakPasswordError extends Error {
  readonly code = WEAK_PASSWORD_CODE;
  constructor(public readonly reasons: string[]) {
    super(reasons.join(' '));
    this.name = 'WeakPasswordError';
  }
}

/** Who the password is for: words an attacker who knows them would try first. */
export interface PasswordOwner {
  email?: string | null;
  phoneNumber?: string | null;
  /** The person's names (full, first, last) and their business names. */
  names?: readonly (string | null | undefined)[];
}

/**
 * The estimator's feedback in plain English (the estimator hands out keys; the language packs
 * are a separate download we do not need for one language).
 */
const FEEDBACK: TranslationKeys = {
  warnings: {
    straightRow: 'Straight rows of keys on the keyboard are easy to guess.',
    keyPattern: 'Short keyboard patterns are easy to guess.',
    simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
    extendedRepeat: 'Repeated patterns like "abcabcabc" are easy to guess.',
    sequences: 'Common sequences like "abc" or "1234" are easy to guess.',
    recentYears: 'Recent years are easy to guess.',
    dates: 'Dates are easy to guess.',
    topTen: 'This is one of the ten most used passwords.',
    topHundred: 'This is one of the hundred most used passwords.',
    common: 'This is a commonly used password.',
    similarToCommon: 'This is similar to a commonly used password.',
    wordByItself: 'A single word is easy to guess.',
    namesByThemselves: 'Names on their own are easy to guess.',
    commonNames: 'Common names are easy to guess.',
    userInputs: 'It contains your own name, e-mail address, phone number or business name.',
    pwned: 'This password has appeared in a data breach.',
  },
  suggestions: {
    l33t: "Avoid predictable substitutions like '@' for 'a'.",
    reverseWords: 'Avoid common words spelled backwards.',
    allUppercase: 'Capitalize some letters, not all of them.',
    capitalization: 'Capitalize more than the first letter.',
    dates: 'Avoid dates and years that are linked to you.',
    recentYears: 'Avoid recent years.',
    associatedYears: 'Avoid years that are linked to you.',
    sequences: 'Avoid common sequences of characters.',
    repeated: 'Avoid repeated words and characters.',
    longerKeyboardPattern: 'Avoid keyboard patterns.',
    anotherWord: 'Add another word or two that are less common.',
    useWords: 'Use several words, but avoid common phrases.',
    noNeed: 'Symbols, digits and capitals are not needed: several uncommon words are strong.',
    pwned: 'If you use this password anywhere else, change it there too.',
  },
  timeEstimation: {
    ltSecond: 'less than a second',
    second: '{base} second',
    seconds: '{base} seconds',
    minute: '{base} minute',
    minutes: '{base} minutes',
    hour: '{base} hour',
    hours: '{base} hours',
    day: '{base} day',
    days: '{base} days',
    month: '{base} month',
    months: '{base} months',
    year: '{base} year',
    years: '{base} years',
    centuries: 'centuries',
  },
};

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: ranking the ~60,000 dictionary words takes a moment start-up need not pay. */
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary,
    graphs: adjacencyGraphs,
    translations: FEEDBACK,
    // Near-miss matching (Levenshtein) costs ~100 ms of CPU per check on the event loop, and
    // l33t, keyboard and repeat matching already catch the usual variations.
    useLevenshteinDistance: false,
  });
  return estimator;
}

/**
 * The owner's own data as the estimator's user inputs: the whole e-mail, its local part and
 * the parts of that ('ann.lee' → 'ann', 'lee'), the domain's name, names, the business name and
 * its words, and the phone number's digits.
 */
export function ownerWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const add = (value: string | null | undefined) => {
    const word = value?.trim().toLowerCase();
    if (word && word.length >= 3) words.add(word);
  };
  const email = owner.email?.trim().toLowerCase() ?? '';
  if (email) {
    const [local = '', domain = ''] = email.split('@');
    add(email);
    add(local);
    for (const part of local.split(/[._+-]+/)) add(part);
    add(domain.split('.')[0]);
  }
  for (const text of owner.names ?? []) {
    add(text);
    for (const part of text?.split(/[\s._,&'-]+/) ?? []) add(part);
  }
  const digits = owner.phoneNumber?.replace(/\D/g, '') ?? '';
  add(digits);
  // The number without its country code, as people type it.
  if (digits.length > 10) add(digits.slice(-10));
  return [...words];
}

/**
 * Why a new password is refused (spec section 5: a weak password error carries a list of
 * reasons): the length rules first; then the strength estimate, whose reasons are ours
 * ('too easy to guess') followed by the estimator's warning and suggestions.
 */
export function passwordProblems(password: string, owner: PasswordOwner = {}): string[] {
  const lengthReasons = passwordWeaknesses(password);
  if (lengthReasons.length > 0) return lengthReasons;
  const result = strengthEstimator().check(password, ownerWords(owner));
  if (result.score >= MIN_PASSWORD_SCORE) return [];
  const { warning, suggestions } = result.feedback;
  return [PASSWORD_REASONS.tooGuessable, ...(warning ? [warning] : []), ...suggestions];
}

/** Refuses a weak password with the list of its reasons. */
export function assertStrongPassword(password: string, owner: PasswordOwner = {}): void {
  const reasons = passwordProblems(password, owner);
  if (reasons.length > 0) throw new WeakPasswordError(reasons);
}
