import { X } from 'lucide-react';

// The pieces of a text input that suggests as one types (the WAI-ARIA combobox pattern), shared by
// the customer search box and the location search, so both are announced and cleared alike.

/** The id of the listbox's i-th option, for aria-activedescendant. */
export const comboboxOptionId = (listId: string, index: number) => `${listId}-option-${index}`;

/** The input's ARIA wiring to its listbox; `active` is the highlighted option (-1 for none). */
export function comboboxInputProps({
  listId,
  expanded,
  active,
}: {
  listId: string;
  expanded: boolean;
  active: number;
}) {
  return {
    type: 'text',
    role: 'combobox',
    autoComplete: 'off',
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-activedescendant': expanded && active >= 0 ? comboboxOptionId(listId, active) : undefined,
  } as const;
}

/** The icon at the input's left end (the input leaves room for it with pl-9). */
export const leadingIconClassName =
  'pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground';

/** The × at the input's right end that empties it (the input leaves room for it with pr-9). */
export function ClearInputButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="absolute top-1/2 right-2 flex size-6 -translate-y-1/2 items-center justify-center rounded-sm text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <X aria-hidden className="size-4" />
    </button>
  );
}
