import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One case style (issue 43): buttons, titles and labels are written in sentence case ("Add
 * item", "Time tracking"), except the texts the product specification fixes word for word
 * ("Save Contact", "Access Denied", "Customer Details"), which keep the spec's own case.
 */
const root = join(import.meta.dirname, '..', '..', '..', '..');
const spec = readFileSync(join(root, '..', 'shared', 'spec', 'product-spec.md'), 'utf8');

/** Names that are capitalized in any sentence: products, places and this app's fixed names. */
const NAMES = new Set([
  'QuickBooks',
  'Online',
  'Xero',
  'Stripe',
  'Twilio',
  'Google',
  'Apple',
  'Outlook',
  'Crewdesk',
  'Assistant', // "AI Assistant", the spec's label for the assistant
  'Details', // the spec's "<Record> Details" page names
  'Home',
  'Settings',
  'Team',
  'Schedule',
  'Contacts',
  'Chrome',
  'Safari',
  'Firefox',
  'Android',
  'Austin',
  'TX',
  ...['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September'],
  ...['October', 'November', 'December', 'Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug'],
  ...['Sep', 'Oct', 'Nov', 'Dec', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  ...['Saturday', 'Sunday'],
]);
/** The spec's name of a record's page: the singular of its list and "Details". */
const SPEC_DETAILS = /^[A-Z][a-z]+(?: [A-Z][a-z]+)* Details$/;
const MINOR = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or']);

/** Button, heading and title texts written in the JSX, and title and label props. */
const JSX_TEXT =
  /<(Button|button|Link|h[1-4]|DialogTitle|CardTitle|SheetTitle|AlertDialogTitle|AlertDialogAction|TabsTrigger|DropdownMenuItem|legend)\b(?:[^>{]|\{[^}]*\})*>((?:\s*<[A-Z]\w*(?:[^>{]|\{[^}]*\})*\/>)*)\s*([^<{}]+?)\s*<\/\1>/g;
const PROP_TEXT =
  /\b(?:title|label|heading|submitLabel|confirmLabel)(?:=|:\s*)(["'])([^"'{}\n]+)\1/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test') yield* sourceFiles(path);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/** Whether a text capitalizes a word after each sentence's first: "Add New Item". */
function isTitleCase(text: string): boolean {
  return text.split(/[.!?:]\s+|\s[—–-]\s/).some((sentence) =>
    sentence
      // An arrow or a symbol first is not a word: "← All team members".
      .replace(/^[^\p{L}]+/u, '')
      .split(/\s+/)
      .slice(1)
      .map((word) => word.replace(/^[("'‘“]+|[)"'’”,;]+$/g, ''))
      .some((word) => /^[A-Z][a-z]/.test(word) && !NAMES.has(word) && !MINOR.has(word)),
  );
}

describe('one case style', () => {
  it.each([
    ['Add New Item', true],
    ['Add new item', false],
    ['Open QuickBooks Online', false],
    ['Thank you! Your payment was received.', false],
    ['Stock Take', true],
  ])('when "%s" is read, then it is title case: %s', (text, expected) => {
    expect(isTitleCase(text)).toBe(expected);
  });

  it('when the screens are read, then every button, title and label outside the spec is in sentence case', () => {
    const found: string[] = [];
    for (const file of sourceFiles(join(root, 'apps/web/src'))) {
      // Comments are not read: they quote texts as examples.
      const text = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|\s)\/\/.*$/gm, '');
      const texts = [
        ...[...text.matchAll(JSX_TEXT)].map((m) => m[3]!),
        ...[...text.matchAll(PROP_TEXT)].map((m) => m[2]!),
      ].map((t) => t.replace(/\s+/g, ' ').trim());
      for (const t of texts)
        if (t.split(' ').length > 1 && isTitleCase(t) && !spec.includes(t) && !SPEC_DETAILS.test(t))
          found.push(`${relative(root, file)}: ${t}`);
    }
    expect(found).toEqual([]);
  });
});
