/**
 * An active employee of the account, as pickers and lists name them. Hand-written: the server
 * declares this answer inline in its team routes, not as a domain schema.
 */
export interface TeamMemberOption {
  id: string;
  firstName: string;
  lastName: string;
}

export function teamMemberName(member: Pick<TeamMemberOption, 'firstName' | 'lastName'>): string {
  return `${member.firstName} ${member.lastName}`.trim();
}
