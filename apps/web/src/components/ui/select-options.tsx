import type { ReactNode } from 'react';

interface SelectOptionsProps<Value extends string> {
  values: readonly Value[];
  /** What the option shows; the value itself by default. */
  label?: (value: Value) => ReactNode;
}

/** A <select>'s options: one for each value, shown by its label. */
export function SelectOptions<Value extends string>({
  values,
  label = (value) => value,
}: SelectOptionsProps<Value>) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}
