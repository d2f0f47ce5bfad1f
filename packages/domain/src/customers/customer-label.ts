/** The fields of a contact that name it. */
export interface CustomerNameParts {
  firstName: string;
  lastName: string;
  company?: string | null;
}

/**
 * How a picked contact reads in the customer search box (spec section 2): first and last name,
 * then the company in brackets — 'Jane Doe (Acme)', or 'Jane Doe' without a company.
 */
export function customerLabel(customer: CustomerNameParts): string {
  const name = [customer.firstName.trim(), customer.lastName.trim()].filter(Boolean).join(' ');
  const company = customer.company?.trim();
  if (!company) return name;
  return name ? `${name} (${company})` : `(${company})`;
}
