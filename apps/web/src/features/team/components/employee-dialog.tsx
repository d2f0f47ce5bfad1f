import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  FIELD_LIMITS,
  employeeSchema,
  EMPLOYMENT_STATUS_LABELS,
  EMPLOYMENT_STATUSES,
  type EmploymentStatus,
  type EmployeeValues,
} from '@crewdesk/domain';
import { type ControlledDialogProps, DialogSubmitFooter, FormDialog } from '@/components/ui/dialog';
import { EmailInput, PhoneInput } from '@/components/person-fields';
import { FormField } from '@/components/ui/form-field';
import { fieldClassName, Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useCreateEmployee } from '../api/create-employee';
import type { TeamEmployee } from '../api/list-employees';
import { useUpdateEmployee } from '../api/update-employee';
import { teamLeadersQueryOptions } from '../api/list-team-leaders';
import { fullName } from './member-status';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SelectOptions } from '@/components/ui/select-options';
import { fromMinor, toMinor } from '@/lib/money';

interface FormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  payRate: string;
  employmentStatus: EmploymentStatus;
  /** The crew's team leader; '' for no crew. */
  crewLeaderId: string;
}

type Errors = Partial<Record<keyof FormValues, string>>;

const PAY_RATE_MESSAGE = 'Enter the pay rate in US dollars, for example 25.50.';

function initialValues(employee?: TeamEmployee): FormValues {
  return {
    firstName: employee?.firstName ?? '',
    lastName: employee?.lastName ?? '',
    email: employee?.email ?? '',
    phone: employee?.phone ?? '',
    payRate: employee?.payRateCents == null ? '' : fromMinor(employee.payRateCents).toFixed(2),
    employmentStatus: employee?.employmentStatus ?? 'active',
    crewLeaderId: employee?.crewLeaderId ?? '',
  };
}

/** Dollars as typed ('25', '25.5', '$1,025.50') to cents; null for none, undefined when unreadable. */
export function parsePayRate(text: string): number | null | undefined {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return toMinor(Number(cleaned));
}

function validate(values: FormValues): { data?: EmployeeValues; errors: Errors } {
  const errors: Errors = {};
  const payRateCents = parsePayRate(values.payRate);
  if (payRateCents === undefined) errors.payRate = PAY_RATE_MESSAGE;
  const parsed = employeeSchema.safeParse({
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    payRateCents: payRateCents ?? null,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key =
        issue.path[0] === 'payRateCents' ? 'payRate' : (issue.path[0] as keyof FormValues);
      errors[key] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { data: parsed.data, errors };
}

interface EmployeeDialogProps extends ControlledDialogProps {
  /** Edits this employee; without it the dialog adds one. */
  employee?: TeamEmployee;
}

/** Add an employee who does not sign in, or edit one (business admins). */
export function EmployeeDialog({ open, onOpenChange, employee }: EmployeeDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={employee ? 'Edit employee' : 'Add employee'}
      description={
        employee
          ? undefined
          : 'For staff who do not sign in to Crewdesk. To give someone a login, invite them instead.'
      }
    >
      {(close) => (open ? <EmployeeForm employee={employee} onDone={close} /> : null)}
    </FormDialog>
  );
}

function EmployeeForm({ employee, onDone }: { employee?: TeamEmployee; onDone: () => void }) {
  const [values, setValues] = useState<FormValues>(() => initialValues(employee));
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateEmployee();
  const update = useUpdateEmployee(employee?.id ?? '');
  const mutation = employee ? update : create;
  const busy = mutation.isPending;
  // A login's status follows its membership (Deactivate), so only staff without one change it here.
  const editsStatus = employee !== undefined && employee.userId === null;

  const field = (name: keyof FormValues) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    disabled: busy,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors: found } = validate(values);
    setErrors(found);
    if (!data) return;
    if (employee) {
      const patch = {
        ...data,
        crewLeaderId: values.crewLeaderId === '' ? null : values.crewLeaderId,
      };
      update.mutate(editsStatus ? { ...patch, employmentStatus: values.employmentStatus } : patch, {
        onSuccess: () => {
          toast.success('Employee updated');
          onDone();
        },
      });
    } else {
      create.mutate(data, {
        onSuccess: (saved) => {
          toast.success('Employee added', {
            description: `${saved.firstName} ${saved.lastName} is on the team.`,
          });
          onDone();
        },
      });
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={employee ? 'Edit employee' : 'Add employee'}
      className="space-y-4"
    >
      <RequestErrorAlert
        request={mutation}
        fallback="Could not save the employee. Please try again."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName}>
          <Input
            autoComplete="off"
            maxLength={FIELD_LIMITS.text.personName}
            {...field('firstName')}
          />
        </FormField>
        <FormField label="Last name" error={errors.lastName}>
          <Input
            autoComplete="off"
            maxLength={FIELD_LIMITS.text.personName}
            {...field('lastName')}
          />
        </FormField>
      </div>
      <FormField label="E-mail" optional error={errors.email}>
        <EmailInput autoComplete="off" {...field('email')} />
      </FormField>
      <FormField label="Phone" optional error={errors.phone}>
        <PhoneInput autoComplete="off" {...field('phone')} />
      </FormField>
      <FormField
        label="Pay rate per hour (US dollars)"
        optional
        error={errors.payRate}
        hint="For example 25.50"
      >
        <Input inputMode="decimal" autoComplete="off" {...field('payRate')} />
      </FormField>
      {employee ? <CrewLeaderField employee={employee} field={field('crewLeaderId')} /> : null}
      {editsStatus ? (
        <FormField label="Employment status">
          <select className={cn(fieldClassName, 'h-10 py-2')} {...field('employmentStatus')}>
            <SelectOptions
              values={EMPLOYMENT_STATUSES}
              label={(status) => EMPLOYMENT_STATUS_LABELS[status]}
            />
          </select>
        </FormField>
      ) : null}
      <DialogSubmitFooter
        pending={busy}
        label={employee ? 'Save changes' : 'Add employee'}
        pendingLabel="Saving..."
      />
    </form>
  );
}

/** Whose crew the person is in: that team leader sees and approves their time. */
function CrewLeaderField({
  employee,
  field,
}: {
  employee: TeamEmployee;
  field: {
    value: string;
    onChange: (event: { target: { value: string } }) => void;
    disabled: boolean;
  };
}) {
  const leaders = useQuery(teamLeadersQueryOptions());
  const choices = (leaders.data ?? []).filter((leader) => leader.id !== employee.id);
  return (
    <FormField
      label="Crew leader"
      optional
      hint={
        leaders.isError
          ? 'Could not load the team leaders.'
          : 'The team leader who sees and approves this person’s time.'
      }
    >
      <select
        className={cn(fieldClassName, 'h-10 py-2')}
        {...field}
        disabled={field.disabled || leaders.isPending}
      >
        <option value="">{leaders.isPending ? 'Loading team leaders…' : 'No crew'}</option>
        {choices.map((leader) => (
          <option key={leader.id} value={leader.id}>
            {fullName(leader)}
          </option>
        ))}
      </select>
    </FormField>
  );
}
