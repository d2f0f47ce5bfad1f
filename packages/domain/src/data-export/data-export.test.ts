import { describe, expect, it } from 'vitest';
import { compareSchemaVersions, schemaVersionProblem } from './data-export.ts';

describe('schema versions of an archive', () => {
  it.each([
    ['0035_assistant', '0035_assistant', 'same'],
    ['0036_data_exports', '0035_assistant', 'newer'],
    ['0034_requests_waiting_expiry', '0035_assistant', 'older'],
    ['nonsense', '0035_assistant', 'older'],
  ] as const)('when the archive is %s and this install %s, then it is %s', (a, h, expected) => {
    expect(compareSchemaVersions(a, h)).toBe(expected);
  });

  it('when the archive is newer, then the message says a newer Crewdesk made it', () => {
    expect(schemaVersionProblem('0099_x', '0036_y')).toMatch(/made by a newer Crewdesk/);
    expect(schemaVersionProblem('0036_y', '0036_y')).toBeNull();
  });
});
