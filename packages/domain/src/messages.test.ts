import { describe, expect, it } from 'vitest';
import {
  ACCESS_DENIED,
  accountSwitchedMessage,
  emailFailedMessage,
  emailSentMessage,
  ERROR_SCREEN,
  MESSAGES,
  NO_ACCOUNT_SELECTED,
  NO_BUSINESS_ACCOUNTS,
  saveSuccessMessage,
  SIGN_OUT_FAILURE,
  SIGN_OUT_SUCCESS,
  teamCreatedMessage,
  UNNAMED_ACCOUNT,
} from './messages.ts';

describe('spec texts', () => {
  it.each([
    [ACCESS_DENIED.title, 'Access Denied'],
    [ACCESS_DENIED.description, 'You do not have the required permissions to view this page.'],
    [ERROR_SCREEN.title, 'Something went wrong'],
    [
      ERROR_SCREEN.message,
      "We're sorry, but something unexpected happened. Please try refreshing the page.",
    ],
    [ERROR_SCREEN.tryAgain, 'Try Again'],
    [ERROR_SCREEN.reloadPage, 'Reload Page'],
    [NO_ACCOUNT_SELECTED, 'No account selected'],
    [UNNAMED_ACCOUNT, 'Unnamed Account'],
    [
      NO_BUSINESS_ACCOUNTS,
      'No business accounts found. Please contact support if this is unexpected.',
    ],
    [SIGN_OUT_SUCCESS.title, 'Signed out successfully'],
    [SIGN_OUT_SUCCESS.description, 'You have been logged out of your account'],
    [SIGN_OUT_FAILURE.title, 'Error signing out'],
    [SIGN_OUT_FAILURE.description, 'There was an issue signing out of your account'],
    [MESSAGES.useUserRoleOutsideProvider, 'useUserRole must be used within a UserRoleProvider'],
    [MESSAGES.userNotAuthenticated, 'User not authenticated'],
    [MESSAGES.employeeLoadFailed.description, 'Failed to load team members. Please try again.'],
    [
      MESSAGES.contactSaveFailed.description,
      'There was a problem saving the contact. Please try again.',
    ],
    [
      MESSAGES.contactNoBusiness,
      'No business associated with your account. Please contact support.',
    ],
    [MESSAGES.contactUpdated.title, 'Contact updated'],
    [MESSAGES.contactUpdated.description, 'Contact has been successfully updated.'],
    [MESSAGES.contactAdded.title, 'Contact added'],
    [MESSAGES.contactAdded.description, 'New contact has been successfully added.'],
    [MESSAGES.customerSearchFailed.description, 'Failed to search customers.'],
    [MESSAGES.customerFetchFailed.description, 'Failed to fetch customer details.'],
    [MESSAGES.latestCustomersFailed.description, 'Failed to fetch latest customers.'],
    [MESSAGES.requestsLoadFailed.description, 'Failed to load requests'],
    [MESSAGES.emailNotSent.title, 'Email Not Sent'],
    [MESSAGES.emailNotSent.description, 'Could not send email, but the estimate was saved'],
    [MESSAGES.teamNameRequired.title, 'Team name required'],
    [MESSAGES.teamNameRequired.description, 'Please enter a team name'],
    [MESSAGES.teamCreationFailed.title, 'Error creating team'],
    [
      MESSAGES.teamCreationFailed.description,
      'There was an error creating the team. Please try again.',
    ],
  ])('when showing %j, then it reads exactly %j', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    ['employeeLoadFailed'],
    ['contactSaveFailed'],
    ['customerSearchFailed'],
    ['customerFetchFailed'],
    ['latestCustomersFailed'],
    ['requestsLoadFailed'],
  ] as const)('when %s is shown, then its title is Error', (key) => {
    expect(MESSAGES[key].title).toBe('Error');
  });
});

describe('texts with a value', () => {
  it.each([
    [
      teamCreatedMessage('Night Crew'),
      'Team created!',
      'Night Crew has been created successfully.',
    ],
    [accountSwitchedMessage('Acme'), 'Account switched', 'Now using Acme'],
    [saveSuccessMessage(true), 'Success', 'Quote saved successfully'],
    [saveSuccessMessage(false), 'Success', 'Estimate saved successfully'],
    [emailSentMessage('jane@example.com'), 'Email Sent', 'Sent to jane@example.com'],
    [emailFailedMessage(true), 'Email Failed', 'Quote saved, but the email could not be sent'],
    [emailFailedMessage(false), 'Email Failed', 'Estimate saved, but the email could not be sent'],
  ])('when built, then %j has title %j and description %j', (toast, title, description) => {
    expect(toast).toEqual({ title, description });
  });
});
