import {
  FIELD_LIMITS,
  ACCESSIBILITY_FACTORS,
  ADDITIONAL_SERVICES,
  CLEANING_FREQUENCY_OPTIONS,
  CLIENT_PREFERENCES,
  CONDITIONS,
  ESTIMATE_TIME_SLOTS,
  PROPERTY_TYPE_OPTIONS,
  proposalOptionsFor,
  SQUARE_FOOTAGE_RANGE,
  specificAreasFor,
  type EstimateInput,
  type EstimateResult,
} from '@crewdesk/domain';
import { useId, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { ContactDialog } from '@/entities/customer/ui/contact-dialog';
import { CustomerSearchBox } from '@/entities/customer/ui/customer-search-box';
import { EmailInput, PhoneInput } from '@/components/person-fields';
import { FormField } from '@/components/ui/form-field';
import { fieldClassName, Input, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { Customer, CustomerChoice } from '@/entities/customer/model/customer';
import { MODE_TEXT, type CalculatorForm, type CalculatorMode } from '../lib/calculator-form';
import { BusinessSummaryCard } from './business-summary-card';
import { CheckboxGroup, Counter, RadioCards } from './calculator-fields';
import { ProposalOptionsList } from './proposal-options-list';
import { SimilarVisitsNote } from './similar-visits-note';
import { SelectOptions } from '@/components/ui/select-options';
import { formatAmount } from '@/lib/money';
import { formatNumber } from '@/lib/locale';

type Form = UseFormReturn<CalculatorForm>;

const selectClass = cn(fieldClassName, 'h-10 py-2');

const SERVICE_OPTIONS = ADDITIONAL_SERVICES.map((s) => ({
  value: s.id,
  label: s.name,
  note: `+${formatAmount(s.rateCents)}`,
}));

function clampSquareFootage(value: number): number {
  const { min, max } = SQUARE_FOOTAGE_RANGE;
  return Math.min(max, Math.max(min, Math.round(value)));
}

function SquareFootageField({ form }: { form: Form }) {
  const id = useId();
  return (
    <Controller
      control={form.control}
      name="squareFootage"
      render={({ field, fieldState }) => {
        const { min, max, step } = SQUARE_FOOTAGE_RANGE;
        const value = field.value;
        const known = value !== undefined && !Number.isNaN(value);
        return (
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor={id}>Square footage</Label>
            <div className="flex items-center gap-3">
              <input
                type="range"
                min={min}
                max={max}
                step={step}
                aria-label="Square footage slider"
                value={known ? value : min}
                onChange={(event) => field.onChange(Number(event.target.value))}
                className="h-10 min-w-0 flex-1 accent-primary"
              />
              <div className="relative w-32 shrink-0">
                <Input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={min}
                  max={max}
                  step={step}
                  value={known ? value : ''}
                  aria-invalid={fieldState.error ? true : undefined}
                  // An emptied field is NaN, not undefined: the form would bring its default back.
                  onChange={(event) =>
                    field.onChange(event.target.value === '' ? NaN : Number(event.target.value))
                  }
                  onBlur={() => {
                    if (known) field.onChange(clampSquareFootage(value));
                    field.onBlur();
                  }}
                  className="pr-12"
                />
                <span className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-xs text-muted-foreground">
                  sq ft
                </span>
              </div>
            </div>
            <p className="text-xs text-muted-foreground">
              {formatNumber(min)} to {formatNumber(max)} sq ft, in steps of {step}.
            </p>
          </div>
        );
      }}
    />
  );
}

function TimeRangeField({ form }: { form: Form }) {
  const startId = useId();
  const endId = useId();
  const start = useWatch({ control: form.control, name: 'timeConstraints.startTime' });
  const startIndex = ESTIMATE_TIME_SLOTS.indexOf(start);
  const endSlots =
    startIndex >= 0 ? ESTIMATE_TIME_SLOTS.slice(startIndex + 1) : ESTIMATE_TIME_SLOTS;
  const start$ = form.register('timeConstraints.startTime', {
    onChange: (event: { target: { value: string } }) => {
      // An end before the new start no longer makes a range.
      const end = form.getValues('timeConstraints.endTime');
      const from = ESTIMATE_TIME_SLOTS.indexOf(event.target.value);
      if (end && from >= 0 && ESTIMATE_TIME_SLOTS.indexOf(end) <= from) {
        form.setValue('timeConstraints.endTime', '');
      }
    },
  });
  return (
    <fieldset className="space-y-2 sm:col-span-2">
      <legend className="mb-2 text-sm font-medium">Preferred time range</legend>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <Label htmlFor={startId} className="text-xs text-muted-foreground">
            Start time
          </Label>
          <select id={startId} className={selectClass} {...start$}>
            <option value="">Any time</option>
            <SelectOptions values={ESTIMATE_TIME_SLOTS} />
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={endId} className="text-xs text-muted-foreground">
            End time
          </Label>
          <select id={endId} className={selectClass} {...form.register('timeConstraints.endTime')}>
            <option value="">Any time</option>
            <SelectOptions values={endSlots} />
          </select>
        </div>
      </div>
    </fieldset>
  );
}

/** Step 1, Basic Info (required): what the price is made of. */
export function BasicInfoStep({ form }: { form: Form }) {
  const frequencyId = useId();
  const propertyType = useWatch({ control: form.control, name: 'propertyType' });
  const commercial = propertyType === 'commercial';
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Controller
          control={form.control}
          name="propertyType"
          render={({ field }) => (
            <RadioCards
              legend="Property type"
              name="propertyType"
              options={PROPERTY_TYPE_OPTIONS}
              value={field.value}
              onChange={(next) => {
                field.onChange(next);
                // The specific areas are a different list for each property type.
                const allowed = new Set(specificAreasFor(next).map((o) => o.value));
                form.setValue(
                  'specificAreas',
                  form.getValues('specificAreas').filter((a) => allowed.has(a)),
                );
              }}
            />
          )}
        />
      </div>
      <div className="space-y-1.5 sm:col-span-2">
        <Label htmlFor={frequencyId}>Cleaning frequency</Label>
        <select id={frequencyId} className={selectClass} {...form.register('frequency')}>
          {CLEANING_FREQUENCY_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <SquareFootageField form={form} />
      <Controller
        control={form.control}
        name="numberOfRooms"
        render={({ field }) => (
          <Counter
            label={commercial ? 'Offices' : 'Bedrooms'}
            value={field.value ?? 0}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={form.control}
        name="numberOfBathrooms"
        render={({ field }) => (
          <Counter label="Bathrooms" value={field.value ?? 0} onChange={field.onChange} />
        )}
      />
      <TimeRangeField form={form} />
      <div className="sm:col-span-2">
        <Controller
          control={form.control}
          name="additionalServices"
          render={({ field }) => (
            <CheckboxGroup
              legend="Additional services"
              options={SERVICE_OPTIONS}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </div>
    </div>
  );
}

/** Step 2, Advanced Info (optional): the areas, their state and how to work there. */
export function AdvancedInfoStep({ form }: { form: Form }) {
  const conditionId = useId();
  const propertyType = useWatch({ control: form.control, name: 'propertyType' });
  return (
    <div className="space-y-5">
      <Controller
        control={form.control}
        name="specificAreas"
        render={({ field }) => (
          <CheckboxGroup
            legend="Specific areas"
            options={specificAreasFor(propertyType)}
            value={field.value}
            onChange={field.onChange}
            className="grid-cols-2 sm:grid-cols-3"
          />
        )}
      />
      <div className="space-y-1.5">
        <Label htmlFor={conditionId}>Condition of the space</Label>
        <select
          id={conditionId}
          className={selectClass}
          {...form.register('condition', { setValueAs: (v: string) => v || undefined })}
        >
          <option value="">Not specified</option>
          {CONDITIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <Controller
        control={form.control}
        name="accessibility"
        render={({ field }) => (
          <CheckboxGroup
            legend="Accessibility factors"
            options={ACCESSIBILITY_FACTORS}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={form.control}
        name="clientPreferences"
        render={({ field }) => (
          <CheckboxGroup
            legend="Client preferences"
            options={CLIENT_PREFERENCES}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </div>
  );
}

interface ClientInfoStepProps {
  form: Form;
  mode: CalculatorMode;
  picked: CustomerChoice | null;
  onPick: (customer: Customer | null) => void;
  showSummary: boolean;
  result: EstimateResult | null;
  input: EstimateInput | null;
}

/** Step 3, Client Info (required): who it is for, and the internal figures for managers. */
export function ClientInfoStep({
  form,
  mode,
  picked,
  onPick,
  showSummary,
  result,
  input,
}: ClientInfoStepProps) {
  const pickerId = useId();
  const [adding, setAdding] = useState(false);
  const { errors } = form.formState;
  return (
    <div className="space-y-5">
      <div className="space-y-1.5">
        <Label htmlFor={pickerId}>Client</Label>
        <CustomerSearchBox
          id={pickerId}
          value={picked}
          onChange={onPick}
          onAddNew={() => setAdding(true)}
        />
        <p className="text-xs text-muted-foreground">
          Pick a contact to fill in the name, e-mail and phone, or type them below.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField label="Client name" error={errors.clientName?.message}>
            <Input
              autoComplete="off"
              maxLength={FIELD_LIMITS.text.fullName}
              {...form.register('clientName')}
            />
          </FormField>
        </div>
        <FormField
          label="Email"
          optional
          error={errors.email?.message}
          hint={`The ${MODE_TEXT[mode].noun.toLowerCase()} is e-mailed here when it is saved.`}
        >
          <EmailInput inputMode="email" autoComplete="off" {...form.register('email')} />
        </FormField>
        <FormField label="Phone" optional error={errors.phone?.message}>
          <PhoneInput inputMode="tel" autoComplete="off" {...form.register('phone')} />
        </FormField>
      </div>
      {mode === 'proposal' ? (
        <section aria-labelledby={`${pickerId}-options`} className="space-y-2">
          <h3 id={`${pickerId}-options`} className="text-sm font-semibold">
            Options for the client
          </h3>
          {input ? (
            <ProposalOptionsList options={proposalOptionsFor(input)} />
          ) : (
            <p className="text-sm text-muted-foreground">
              Fill in Basic Info to price the options.
            </p>
          )}
        </section>
      ) : null}
      {showSummary ? (
        result ? (
          <div className="space-y-2">
            <BusinessSummaryCard summary={result} />
            <CorrectionFromSimilarVisits form={form} result={result} />
          </div>
        ) : (
          <p className="rounded-lg border bg-surface p-4 text-sm text-muted-foreground">
            Business Summary: fill in Basic Info to see the cost, profit and margin.
          </p>
        )
      ) : null}
      <ContactDialog open={adding} onOpenChange={setAdding} onSaved={(c) => onPick(c)} />
    </div>
  );
}

/** The calculator's hours against what similar visits took; applying it sets correctedHours. */
function CorrectionFromSimilarVisits({ form, result }: { form: Form; result: EstimateResult }) {
  const [propertyType, squareFootage, correctedHours] = useWatch({
    control: form.control,
    name: ['propertyType', 'squareFootage', 'correctedHours'],
  });
  return (
    <SimilarVisitsNote
      propertyType={propertyType}
      squareFootage={squareFootage}
      result={result}
      correctedHours={correctedHours ?? null}
      onChange={(hours) => form.setValue('correctedHours', hours, { shouldDirty: true })}
    />
  );
}
