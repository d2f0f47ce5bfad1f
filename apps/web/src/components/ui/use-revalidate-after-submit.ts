import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Once the form was submitted, every change checks the whole form again: one field can settle
 * another's error (a one-time job needs no date; custom terms need a due date). react-hook-form's
 * own re-validation looks only at the field that changed.
 */
export function useRevalidateAfterSubmit<T extends FieldValues>(form: UseFormReturn<T>) {
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ isSubmitted }) => {
          if (isSubmitted) void form.trigger();
        },
      }),
    [form],
  );
}
