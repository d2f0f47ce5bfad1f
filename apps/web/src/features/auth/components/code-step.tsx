import { useMutation } from '@tanstack/react-query';
import { AuthErrorAlert } from '@/components/auth-error-alert';
import { Alert } from '@/components/ui/alert';
import { ONE_TIME_CODE_LENGTH, useOneTimeCodeForm } from '@/components/ui/one-time-code-input';

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
  codeForm: { incomplete: boolean };
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
