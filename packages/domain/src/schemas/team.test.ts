import { describe, expect, it } from 'vitest';
import { TEAM_NAME_REQUIRED, teamNameSchema } from './team.ts';

describe('teamNameSchema', () => {
  it.each([
    ['Night Crew', 'Night Crew'],
    ['  Night Crew  ', 'Night Crew'],
    ['A', 'A'],
  ])('when the name is %j, then %j is kept', (input, output) => {
    expect(teamNameSchema.parse(input)).toBe(output);
  });

  it.each([[''], ['   '], ['\t\n'], [undefined], [null]])(
    'when the name is %j, then it is refused',
    (input) => {
      expect(teamNameSchema.safeParse(input).error?.issues[0]?.message).toBe(
        'Please enter a team name',
      );
    },
  );

  it('when the name is blank, then the toast reads as the spec says', () => {
    expect(TEAM_NAME_REQUIRED).toEqual({
      title: 'Team name required',
      description: 'Please enter a team name',
    });
  });
});
