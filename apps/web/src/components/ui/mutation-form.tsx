import type { ComponentProps } from 'react';
import type { FieldValues, UseFormHandleSubmit } from 'react-hook-form';

interface MutationFormProps<Values extends FieldValues, Output> extends Omit<
  ComponentProps<'form'>,
  'onSubmit'
> {
  /** The react-hook-form form: its schema checks the fields before anything is sent. */
  form: { handleSubmit: UseFormHandleSubmit<Values, Output> };
  /** Sent the checked values; the caller shows its error (RequestErrorAlert, AuthErrorAlert). */
  mutation: { mutate: (values: Output) => void };
}

/** A form whose checked values go to one request; the browser's own validation stays off. */
export function MutationForm<Values extends FieldValues, Output>({
  form,
  mutation,
  ...props
}: MutationFormProps<Values, Output>) {
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} {...props} />
  );
}
