import { useState, type ComponentProps, type FormEvent } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

/** Authenticator apps show 6 digits (better-auth's TOTP default). */
import { ONE_TIME_CODE_LENGTH } from '@crewdesk/domain';

export { ONE_TIME_CODE_LENGTH };

export function isCompleteOneTimeCode(code: string): boolean {
  return new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`).test(code);
}

/**
 * A code form's state: the code typed so far, and whether it was submitted incomplete (the form
 * then says how many digits it needs instead of asking the server).
 */
export function useOneTimeCodeForm() {
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  return {
    code,
    setCode,
    incomplete,
    /** The form's onSubmit: a complete code goes to `verify`. */
    submitWith: (verify: (code: string) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const complete = isCompleteOneTimeCode(code);
      setIncomplete(!complete);
      if (complete) verify(code);
    },
    /** Empties the field, for a new code on its way. */
    clear: () => {
      setCode('');
      setIncomplete(false);
    },
  };
}

interface OneTimeCodeInputProps extends Omit<
  ComponentProps<'input'>,
  'value' | 'onChange' | 'type'
> {
  value: string;
  onValueChange: (code: string) => void;
}

/**
 * A 6-digit code field: the numeric keypad on phones, the code offered from an
 * SMS or password manager (autocomplete one-time-code), digits only.
 */
export function OneTimeCodeInput({
  value,
  onValueChange,
  className,
  ...props
}: OneTimeCodeInputProps) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      placeholder="123456"
      value={value}
      // Pasted codes often carry spaces ("123 456"), so no maxLength: keep the first 6 digits.
      onChange={(event) =>
        onValueChange(event.target.value.replace(/\D/g, '').slice(0, ONE_TIME_CODE_LENGTH))
      }
      className={cn('block max-w-48 font-mono text-lg tracking-[0.3em] md:text-lg', className)}
      {...props}
    />
  );
}
