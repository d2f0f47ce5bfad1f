/**
 * User-facing texts of the spec (sections 2, 6 and 8), word for word. Both the
 * server and the web app import them so a wording change happens in one place.
 */

export interface ToastText {
  title: string;
  description: string;
}

export const ACCESS_DENIED = {
  title: 'Access Denied',
  description: 'You do not have the required permissions to view this page.',
} as const satisfies ToastText;

export const ERROR_SCREEN = {
  title: 'Something went wrong',
  message: "We're sorry, but something unexpected happened. Please try refreshing the page.",
  tryAgain: 'Try Again',
  reloadPage: 'Reload Page',
} as const;

/** Spec section 5, contact form. */
export const CONTACT_FORM_MESSAGES = {
  firstName: 'First name must be at least 2 characters.',
  lastName: 'Last name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
} as const;

/** The e-mail field's message wherever a form asks for one. */
export const EMAIL_MESSAGE = CONTACT_FORM_MESSAGES.email;

/** Spec section 5: sign-up and sign-in need an e-mail or phone plus a password. */
export const CREDENTIALS_MESSAGE =
  'You must provide either an email or phone number and a password';

export const NO_ACCOUNT_SELECTED = 'No account selected';
export const UNNAMED_ACCOUNT = 'Unnamed Account';
export const NO_BUSINESS_ACCOUNTS =
  'No business accounts found. Please contact support if this is unexpected.';
/** A loading error containing this text means the user has to sign in again. */
export const USER_NOT_AUTHENTICATED = 'User not authenticated';
/** Spec section 8, loading accounts fails: the app carries on with the temporary role member. */
export const ACCOUNTS_LOAD_FAILED = 'Your business accounts could not be loaded';
export const ACCOUNTS_LOAD_FAILED_FALLBACK =
  'You are using Crewdesk as a member until they load. Reload the page to try again.';
export const USE_USER_ROLE_OUTSIDE_PROVIDER = 'useUserRole must be used within a UserRoleProvider';

export const SIGN_OUT_SUCCESS = {
  title: 'Signed out successfully',
  description: 'You have been logged out of your account',
} as const satisfies ToastText;

export const SIGN_OUT_FAILURE = {
  title: 'Error signing out',
  description: 'There was an issue signing out of your account',
} as const satisfies ToastText;

export const MESSAGES = {
  accessDenied: ACCESS_DENIED,
  noAccountSelected: NO_ACCOUNT_SELECTED,
  unnamedAccount: UNNAMED_ACCOUNT,
  noBusinessAccounts: NO_BUSINESS_ACCOUNTS,
  userNotAuthenticated: USER_NOT_AUTHENTICATED,
  useUserRoleOutsideProvider: USE_USER_ROLE_OUTSIDE_PROVIDER,
  signOutSuccess: SIGN_OUT_SUCCESS,
  signOutFailure: SIGN_OUT_FAILURE,

  employeeLoadFailed: {
    title: 'Error',
    description: 'Failed to load team members. Please try again.',
  },
  /** Shown with the server's message when there is one, else with this fallback. */
  contactSaveFailed: {
    title: 'Error',
    description: 'There was a problem saving the contact. Please try again.',
  },
  contactNoBusiness: 'No business associated with your account. Please contact support.',
  contactUpdated: {
    title: 'Contact updated',
    description: 'Contact has been successfully updated.',
  },
  contactAdded: { title: 'Contact added', description: 'New contact has been successfully added.' },
  customerSearchFailed: { title: 'Error', description: 'Failed to search customers.' },
  customerFetchFailed: { title: 'Error', description: 'Failed to fetch customer details.' },
  latestCustomersFailed: { title: 'Error', description: 'Failed to fetch latest customers.' },
  /** Shown with the server's message when there is one, else with this fallback. */
  requestsLoadFailed: { title: 'Error', description: 'Failed to load requests' },

  missingCalculation: {
    title: 'Missing calculation',
    description: 'Please ensure all required fields are filled in.',
  },
  missingClientName: {
    title: 'Missing client name',
    description: 'Please provide a client name for this quote/estimate.',
  },
  authenticationRequired: {
    title: 'Authentication required',
    description: 'Please sign in to save quotes/estimates',
  },
  noBusinessContext: {
    title: 'Unable to determine business context',
    description: 'Please ensure you have a business associated with your account.',
  },
  saveFailed: 'Failed to save quote/estimate. Please try again.',
  saveFailedDuplicate: 'This estimate already exists. Please try again with different details.',
  saveFailedForeignKey:
    'There was an issue with the business or user association. Please refresh and try again.',
  saveFailedColumn: 'There was a database structure issue. Please contact support.',
  emailNotSent: {
    title: 'Email Not Sent',
    description: 'Could not send email, but the estimate was saved',
  },

  teamNameRequired: { title: 'Team name required', description: 'Please enter a team name' },
  teamCreationFailed: {
    title: 'Error creating team',
    description: 'There was an error creating the team. Please try again.',
  },
} as const;

export type Messages = typeof MESSAGES;

/** The spec gives this toast's wording in full. */
export function teamCreatedMessage(name: string): ToastText {
  return { title: 'Team created!', description: `${name} has been created successfully.` };
}

export function accountSwitchedMessage(accountName: string): ToastText {
  return { title: 'Account switched', description: `Now using ${accountName}` };
}

// The spec names the next three toasts' titles but only paraphrases their
// descriptions ("quote/estimate saved successfully", "sent to the client
// e-mail", "saved, but the e-mail could not be sent"); these are our wording.
function kind(isQuote: boolean): string {
  return isQuote ? 'Quote' : 'Estimate';
}

export function saveSuccessMessage(isQuote: boolean): ToastText {
  return { title: 'Success', description: `${kind(isQuote)} saved successfully` };
}

export function emailSentMessage(recipientEmail: string): ToastText {
  return { title: 'Email Sent', description: `Sent to ${recipientEmail}` };
}

export function emailFailedMessage(isQuote: boolean): ToastText {
  return {
    title: 'Email Failed',
    description: `${kind(isQuote)} saved, but the email could not be sent`,
  };
}
