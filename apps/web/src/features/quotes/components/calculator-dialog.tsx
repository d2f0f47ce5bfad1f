import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  calculateFromForm,
  calculatorSchema,
  canSeeBusinessSummary,
  checkRequestSave,
  estimateInputFromForm,
  MESSAGES,
  saveSuccessMessage,
  type RequestDetail,
  type RequestRecord,
} from '@crewdesk/domain';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { type ControlledDialogProps, Dialog, DialogContent } from '@/components/ui/dialog';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import {
  customerChoiceOf,
  type Customer,
  type CustomerChoice,
} from '@/entities/customer/model/customer';
import { useSession } from '@/lib/session/session-context';
import { requestQueryKey, requestsQueryKey } from '../api/keys';
import { createRequest, updateRequest } from '../api/save-request';
import { emailRequest } from '../api/resend-request-email';
import {
  calculatorDefaults,
  calculatorTitle,
  formFromRequest,
  MODE_TEXT,
  requestInputFromForm,
  saveButtonLabel,
  type CalculatorForm,
  type CalculatorMode,
} from '../lib/calculator-form';
import { saveFailureText, toastEmailOutcome, type EmailOutcome } from '../lib/save-feedback';
import { AdvancedInfoStep, BasicInfoStep, ClientInfoStep } from './calculator-steps';
import { FooterBar } from './footer-bar';
import { CALCULATOR_STEPS, StepHeader } from './step-header';
import { formatAmount } from '@/lib/money';

const LAST_STEP = CALCULATOR_STEPS.length - 1;

// The dialog's form keeps every list present; the schema checks the same fields (spec section 5).
const resolver = zodResolver(calculatorSchema) as unknown as Resolver<CalculatorForm>;

/** The picker shows the request's joined customer (names, e-mail, phone). */
function pickedFromRequest(request: RequestRecord | null | undefined): CustomerChoice | null {
  return request?.customer ? customerChoiceOf(request.customer) : null;
}

function CancelWithConfirmation({
  question,
  disabled,
  onDiscard,
}: {
  question: string;
  disabled: boolean;
  onDiscard: () => void;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          Cancel
        </Button>
      </PopoverTrigger>
      <PopoverContent side="top" align="end" aria-labelledby={headingId} className="w-64">
        <p id={headingId} className="text-sm font-semibold">
          {question}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">What you entered will be lost.</p>
        <div className="mt-3 flex justify-end gap-2">
          <Button variant="outline" size="sm" onClick={() => setOpen(false)}>
            Keep editing
          </Button>
          <Button
            variant="destructive"
            size="sm"
            onClick={() => {
              setOpen(false);
              onDiscard();
            }}
          >
            Discard
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}

export interface CalculatorDialogProps extends ControlledDialogProps {
  mode: CalculatorMode;
  /** The request to edit: the dialog then updates it ('Update Estimate'). */
  request?: RequestRecord | null;
  /** After a successful save, once the dialog has closed. */
  onSaved?: (saved: RequestDetail) => void;
  /** A new request starts with this contact as the client (New estimate from an opportunity). */
  startCustomer?: Customer | null;
}

/**
 * Spec section 2, the estimate/quote calculator dialog: Basic Info, Advanced Info and Client Info
 * (clickable steps), the running total in the footer, and the save checks of section 5.
 */
export function CalculatorDialog({
  open,
  onOpenChange,
  mode,
  request = null,
  onSaved,
  startCustomer = null,
}: CalculatorDialogProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const editing = request !== null;
  const text = MODE_TEXT[mode];
  const isQuote = mode !== 'estimate';
  const [step, setStep] = useState(0);
  const [picked, setPicked] = useState<CustomerChoice | null>(() => pickedFromRequest(request));
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);

  const form = useForm<CalculatorForm>({
    resolver,
    mode: 'onTouched',
    defaultValues: request ? formFromRequest(request) : calculatorDefaults(),
  });

  // Keyboard and screen-reader users land on the new step's heading.
  useEffect(() => {
    if (stepChanged.current) stepHeading.current?.focus();
  }, [step]);
  const goTo = (next: number) => {
    stepChanged.current = true;
    setStep(Math.max(0, Math.min(LAST_STEP, next)));
  };

  const watched = useWatch({ control: form.control }) as CalculatorForm;
  const input = useMemo(() => estimateInputFromForm(watched), [watched]);
  const result = useMemo(() => calculateFromForm(watched), [watched]);
  const totalCents = result?.priceCents ?? 0;

  /**
   * Closes the dialog at step 0. A new request's form is emptied only after a save or a discard
   * (closing keeps the draft); an edit always starts again from `saved`, the request as stored.
   */
  const close = ({ empty, saved }: { empty: boolean; saved?: RequestRecord | null }) => {
    const stored = saved ?? request;
    if (stored) {
      form.reset(formFromRequest(stored));
      setPicked(pickedFromRequest(stored));
    } else if (empty) {
      form.reset(calculatorDefaults());
      setPicked(null);
    }
    stepChanged.current = false;
    setStep(0);
    onOpenChange(false);
  };

  const save = useMutation({
    mutationFn: async (values: CalculatorForm) => {
      const body = requestInputFromForm(values, mode, calculateFromForm(values), request);
      const saved = request ? await updateRequest(request.id, body) : await createRequest(body);
      // Spec section 4: with an e-mail, the saved request is mailed to the client. An edit only
      // mails again when the address is new or nothing was sent yet (Resend is on its page).
      const email = body.email ?? '';
      const mailIt =
        email !== '' && (!request || !request.emailSent || request.clientEmail !== email);
      const emailOutcome: EmailOutcome | null = mailIt ? await emailRequest(saved, email) : null;
      return { saved, emailOutcome };
    },
    onSuccess: async ({ saved, emailOutcome }) => {
      const success = saveSuccessMessage(isQuote);
      toast.success(success.title, { description: success.description });
      if (emailOutcome) toastEmailOutcome(emailOutcome, isQuote);
      queryClient.setQueryData(requestQueryKey(saved.id), saved);
      // Spec section 4: on save the form resets (unless editing), returns to step 0 and closes.
      close({ empty: true, saved: editing ? saved : null });
      onSaved?.(saved);
      await queryClient.invalidateQueries({ queryKey: requestsQueryKey });
    },
    onError: (error) => {
      const failure = saveFailureText(error);
      toast.error(failure.title, { description: failure.description });
    },
  });

  async function onSave() {
    const values = form.getValues();
    // Spec section 5: the save checks, in this order, first failure reported.
    const check = checkRequestSave({
      totalAmount: calculateFromForm(values)?.priceCents ?? 0,
      clientName: values.clientName,
      hasSession: Boolean(session.user.id),
      accountId: session.activeAccountId,
    });
    if (!check.ok) {
      toast.error(check.title, { description: check.description });
      if (check.title === MESSAGES.missingCalculation.title) goTo(0);
      else if (check.title === MESSAGES.missingClientName.title) form.setFocus('clientName');
      return;
    }
    if (!(await form.trigger())) {
      const { errors } = form.formState;
      if (errors.squareFootage) goTo(0);
      return;
    }
    save.mutate(values);
  }

  const discard = () => close({ empty: true });

  const onPick = (customer: Customer | null) => {
    setPicked(customer && customerChoiceOf(customer));
    if (!customer) {
      form.setValue('customer_id', null);
      return;
    }
    const fill = { shouldDirty: true, shouldValidate: true } as const;
    form.setValue('customer_id', customer.id, fill);
    form.setValue('clientName', `${customer.firstName} ${customer.lastName}`.trim(), fill);
    form.setValue('email', customer.email ?? '', fill);
    form.setValue('phone', customer.phone ?? '', fill);
  };

  // The contact arrives once loaded; it fills the client's fields of a new request once.
  const startedWith = useRef<string | null>(null);
  useEffect(() => {
    if (editing || !startCustomer || startedWith.current === startCustomer.id) return;
    startedWith.current = startCustomer.id;
    onPick(startCustomer);
  });

  const title = calculatorTitle(mode, editing);
  const current = CALCULATOR_STEPS[step] ?? CALCULATOR_STEPS[0];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else if (!save.isPending) close({ empty: false });
      }}
    >
      <DialogContent
        title={title}
        description={`Price the work, then save the ${text.noun.toLowerCase()} for your client.`}
        className="max-w-3xl pb-0 sm:pb-0"
      >
        <form
          aria-label={title}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (step < LAST_STEP) goTo(step + 1);
            else void onSave();
          }}
        >
          <StepHeader step={step} onStep={goTo} />
          <div className="mt-5">
            <h3
              ref={stepHeading}
              tabIndex={-1}
              className="mb-4 flex items-baseline gap-2 text-base font-semibold outline-none"
            >
              {current.title}
              <span className="text-xs font-normal text-muted-foreground">{current.note}</span>
            </h3>
            {step === 0 ? <BasicInfoStep form={form} /> : null}
            {step === 1 ? <AdvancedInfoStep form={form} /> : null}
            {step === 2 ? (
              <ClientInfoStep
                form={form}
                mode={mode}
                picked={picked}
                onPick={onPick}
                showSummary={canSeeBusinessSummary(session.role)}
                result={result}
                input={input}
              />
            ) : null}
          </div>
          <FooterBar
            className="sticky bottom-0 z-10 -mx-5 mt-6 px-5 py-3 sm:-mx-6 sm:px-6"
            total={formatAmount(totalCents)}
            previous={step > 0 ? { label: 'Previous', onClick: () => goTo(step - 1) } : null}
            cancel={
              step === LAST_STEP ? (
                <CancelWithConfirmation
                  question={
                    editing ? 'Discard your changes?' : `Discard this ${text.noun.toLowerCase()}?`
                  }
                  disabled={save.isPending}
                  onDiscard={discard}
                />
              ) : null
            }
            primary={
              step < LAST_STEP
                ? { label: 'Next Step', onClick: () => goTo(step + 1) }
                : {
                    label: saveButtonLabel(mode, editing),
                    onClick: () => void onSave(),
                    loading: save.isPending,
                  }
            }
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
