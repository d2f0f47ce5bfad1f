import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

/** Authenticator apps show 6 digits (better-auth's TOTP default). */
import { ONE_TIME_CODE_LENGTH } from '@crewdesk/domain';

export { ONE_TIME_CODE_LENGTH };

export function isCompleteOneTimeCode(code: string): boolean {
  return new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`).test(code);
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
