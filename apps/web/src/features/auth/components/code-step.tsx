import { useMutation } from '@tanstack/react-query';
import { AuthErrorAlert } from '@/components/auth-error-alert';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import {
  ONE_TIME_CODE_LENGTH,
  OneTimeCodeInput,
  useOneTimeCodeForm,
} from '@/components/ui/one-time-code-input';
import { SubmitButton } from '@/components/ui/submit-button';

/**
 * A one-time code step's state: the typed code, checking it, and sending a new one. A new code
 * voids the typed one, so sending clears the field and the last check's error.
 */
export function useCodeStep<Checked>({
  check,
  sendAgain,
  onChecked,
}: {
  check: (code: string) => Promise<Checked>;
  sendAgain: () => Promise<unknown>;
  onChecked?: (outcome: Checked) => void;
}) {
  const codeForm = useOneTimeCodeForm();
  const verify = useMutation({ mutationFn: check, onSuccess: onChecked });
  const resend = useMutation({
    mutationFn: sendAgain,
    onMutate: () => {
      verify.reset();
      codeForm.clear();
    },
  });
  return {
    codeForm,
    verify,
    resend,
    /** Either call is running: no second request meanwhile. */
    busy: verify.isPending || resend.isPending,
    submit: codeForm.submitWith((code) => verify.mutate(code)),
  };
}

/** What the alert and the links under the form read of a step. */
export interface CodeStep {
  codeForm: { incomplete: boolean; code: string; setCode: (code: string) => void };
  verify: { isPending: boolean; isError: boolean; error: unknown };
  resend: { isPending: boolean; isError: boolean; error: unknown; mutate: () => void };
  busy: boolean;
}

/** Above a code form: the first of an incomplete code, a refused code, a failed new code. */
export function CodeStepAlert({
  step,
  codeSource,
  checkFailure,
}: {
  step: CodeStep;
  /** Where the code was sent: 'e-mail', 'text message'. */
  codeSource: string;
  checkFailure: (error: unknown) => string;
}) {
  if (step.codeForm.incomplete) {
    return (
      <Alert tone="error">
        Enter the {ONE_TIME_CODE_LENGTH}-digit code from the {codeSource}.
      </Alert>
    );
  }
  if (step.verify.isError) return <Alert tone="error">{checkFailure(step.verify.error)}</Alert>;
  return (
    <AuthErrorAlert request={step.resend} fallback="Could not send a new code. Please try again." />
  );
}

/** The code field (focused on arrival) and the button that checks it. */
export function CodeStepFields({
  step,
  label,
  hint,
  submitLabel,
  pendingLabel,
}: {
  step: CodeStep;
  label: string;
  hint?: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  return (
    <>
      <FormField label={label} hint={hint}>
        <OneTimeCodeInput
          value={step.codeForm.code}
          onValueChange={step.codeForm.setCode}
          autoFocus
        />
      </FormField>
      <SubmitButton
        pending={step.verify.isPending}
        pendingLabel={pendingLabel}
        disabled={step.busy}
        className="w-full"
      >
        {submitLabel}
      </SubmitButton>
    </>
  );
}
