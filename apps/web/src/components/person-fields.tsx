import { FIELD_LIMITS } from '@crewdesk/domain';
import type { ComponentProps } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from './ui/form-field';
import { Input } from './ui/input';

// The inputs many forms ask for about a person or a business (sign-up, onboarding, settings, the
// public request form, the calculator, password changes), written once so that each asks with the same autofill hint
// and the domain's length limit. A caller's props come last and win (autoComplete="off", autoFocus).

type InputProps = ComponentProps<'input'>;

export function PhoneInput(props: InputProps) {
  return <Input type="tel" autoComplete="tel" maxLength={FIELD_LIMITS.text.phone} {...props} />;
}

export function EmailInput(props: InputProps) {
  return <Input type="email" autoComplete="email" maxLength={FIELD_LIMITS.text.email} {...props} />;
}

/** A password being chosen: the browser offers to generate one and to save it. */
export function NewPasswordInput(props: InputProps) {
  return <Input type="password" autoComplete="new-password" {...props} />;
}

export function BusinessNameInput(props: InputProps) {
  return (
    <Input autoComplete="organization" maxLength={FIELD_LIMITS.text.businessName} {...props} />
  );
}

export function StreetAddressInput(props: InputProps) {
  return <Input autoComplete="street-address" maxLength={FIELD_LIMITS.text.address} {...props} />;
}

interface PersonNameFieldsProps {
  /** The first name input's own props: react-hook-form's register('firstName'), or value and onChange. */
  firstName: InputProps;
  lastName: InputProps;
  errors?: { firstName?: string | undefined; lastName?: string | undefined };
  optional?: boolean;
  /** Focus the first name when the form opens (the form's first question). */
  autoFocus?: boolean;
}

/** First and last name: two cells of the caller's grid (side by side, or beside e-mail and phone). */
export function PersonNameFields({
  firstName,
  lastName,
  errors = {},
  optional = false,
  autoFocus = false,
}: PersonNameFieldsProps) {
  return (
    <>
      <FormField label="First name" optional={optional} error={errors.firstName}>
        <Input
          autoComplete="given-name"
          autoFocus={autoFocus}
          maxLength={FIELD_LIMITS.text.personName}
          {...firstName}
        />
      </FormField>
      <FormField label="Last name" optional={optional} error={errors.lastName}>
        <Input autoComplete="family-name" maxLength={FIELD_LIMITS.text.personName} {...lastName} />
      </FormField>
    </>
  );
}

interface PersonNames {
  firstName: string;
  lastName: string;
}

/** PersonNameFields registered on a react-hook-form form whose values hold the two names. */
export function FormPersonNameFields<Values extends PersonNames, Context, Output>({
  form,
  ...options
}: { form: UseFormReturn<Values, Context, Output> } & Pick<
  PersonNameFieldsProps,
  'optional' | 'autoFocus'
>) {
  // react-hook-form cannot name a field of a generic form's values; both names are on every Values.
  const names = form as unknown as UseFormReturn<PersonNames>;
  const { errors } = names.formState;
  return (
    <PersonNameFields
      firstName={names.register('firstName')}
      lastName={names.register('lastName')}
      errors={{ firstName: errors.firstName?.message, lastName: errors.lastName?.message }}
      {...options}
    />
  );
}
