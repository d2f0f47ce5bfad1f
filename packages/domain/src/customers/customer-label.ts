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

export interface AddressParts {
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}

/**
 * A contact's address on one line: 'street, city, state zip'. A place picked from the location
 * search already reads 'Austin, Texas 78701, United States', so the city, and the state and
 * zip, are added only when the street line does not already hold them.
 */
export function addressLine(parts: AddressParts): string {
  const street = parts.address?.trim() ?? '';
  const has = (text: string) => street.toLowerCase().includes(text.toLowerCase());
  const city = parts.city?.trim() ?? '';
  const state = parts.state?.trim() ?? '';
  const zip = parts.zip?.trim() ?? '';
  const stateZip = (zip ? has(zip) : state !== '' && has(state))
    ? ''
    : [state, zip].filter(Boolean).join(' ');
  return [street, city && !has(city) ? city : '', stateZip].filter(Boolean).join(', ');
}
