import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { customerLabel, MESSAGES } from '@crewdesk/domain';
import {
  ClearInputButton,
  comboboxInputProps,
  comboboxOptionId,
  leadingIconClassName,
} from '@/components/ui/combobox';
import { fieldClassName } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session/session-context';
import {
  customerSearchQueryKey,
  recentCustomers,
  recentCustomersQueryKey,
  searchCustomers,
} from '../api/customer-api';
import type { Customer, CustomerChoice } from '../model/customer';

/** Spec section 9: customer search timing and limits. */
export const CUSTOMER_SEARCH_DELAY_MS = 300;
export const CUSTOMER_SEARCH_MIN_LENGTH = 2;
export const CUSTOMER_LIST_HIDE_DELAY_MS = 200;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Toasts once per failure (not on every render while the error stays). */
function useErrorToast(failedAt: number, text: { title: string; description: string }) {
  useEffect(() => {
    if (failedAt > 0) toast.error(text.title, { description: text.description });
  }, [failedAt, text]);
}

export interface CustomerSearchBoxProps {
  /** The picked contact (only what its read-only label needs); null while searching. */
  value: CustomerChoice | null;
  /** A pick, or null after the clear button. */
  onChange: (customer: Customer | null) => void;
  /**
   * '+ Add New Customer': the caller opens its contact dialog, then passes the new one as value.
   * Without it (a list's filter) the box only picks.
   */
  onAddNew?: () => void;
  placeholder?: string;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  className?: string;
}

/**
 * Spec sections 2 and 9: the client picker of the job and estimate dialogs. Searches the active
 * business's contacts from 2 characters after a 300 ms pause, lists the 5 newest before that,
 * and turns read-only ('First Last (Company)') once a contact is picked.
 */
export function CustomerSearchBox({
  value,
  onChange,
  onAddNew,
  placeholder = 'Search customers...',
  id,
  disabled,
  className,
  ...aria
}: CustomerSearchBoxProps) {
  const { activeAccountId } = useSession();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const headingId = useId();

  const term = text.trim();
  const debouncedTerm = useDebounced(term, CUSTOMER_SEARCH_DELAY_MS);
  const searching = term.length >= CUSTOMER_SEARCH_MIN_LENGTH;
  const canQuery = open && activeAccountId !== null && value === null;

  const search = useQuery({
    queryKey: customerSearchQueryKey(activeAccountId, debouncedTerm),
    queryFn: ({ signal }) => searchCustomers(debouncedTerm, signal),
    enabled: canQuery && searching && debouncedTerm === term,
  });
  const recent = useQuery({
    queryKey: recentCustomersQueryKey(activeAccountId),
    queryFn: ({ signal }) => recentCustomers(signal),
    enabled: canQuery && !searching,
  });
  useErrorToast(search.errorUpdatedAt, MESSAGES.customerSearchFailed);
  useErrorToast(recent.errorUpdatedAt, MESSAGES.latestCustomersFailed);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const results = (searching ? search.data : recent.data) ?? [];
  const pending = searching
    ? activeAccountId !== null && (debouncedTerm !== term || search.isFetching)
    : recent.isFetching && !recent.data;
  const shown = pending ? [] : results;

  function show() {
    clearTimeout(hideTimer.current);
    setOpen(true);
  }

  // Spec section 9: the list hides 200 ms after the box loses the focus (so a click still lands).
  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setOpen(false), CUSTOMER_LIST_HIDE_DELAY_MS);
  }

  function pick(customer: Customer) {
    clearTimeout(hideTimer.current);
    setOpen(false);
    setText('');
    setActive(-1);
    onChange(customer);
  }

  function clear() {
    onChange(null);
    setText('');
    // The box is editable again on the next render.
    setTimeout(() => input.current?.focus(), 0);
  }

  function addNew() {
    clearTimeout(hideTimer.current);
    setOpen(false);
    onAddNew?.();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) show();
      if (shown.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + shown.length) % shown.length);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      const customer = shown[active];
      if (customer) pick(customer);
    }
  }

  if (value) {
    return (
      <div className={cn('relative', className)}>
        <input
          ref={input}
          id={id}
          type="text"
          readOnly
          value={value.name}
          disabled={disabled}
          className={cn(fieldClassName, 'h-10 bg-muted/50 py-2 pr-9')}
          {...aria}
        />
        {!disabled && <ClearInputButton label="Clear customer" onClick={clear} />}
      </div>
    );
  }

  const expanded = open && !disabled;

  return (
    <div className={cn('relative', className)} onBlur={onBlur}>
      <Search aria-hidden className={leadingIconClassName} />
      <input
        ref={input}
        id={id}
        {...comboboxInputProps({ listId, expanded, active })}
        placeholder={placeholder}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
          show();
        }}
        onFocus={show}
        onKeyDown={onKeyDown}
        className={cn(fieldClassName, 'h-10 py-2 pl-9')}
        {...aria}
      />
      {expanded && (
        <div className="absolute top-full right-0 left-0 z-50 mt-1 rounded-md border bg-background text-foreground shadow-lg">
          <p
            id={headingId}
            className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground"
          >
            {searching ? 'Search Results' : 'Recent Customers'}
          </p>
          {pending && (
            <p
              role="status"
              className="flex items-center gap-2 px-3 py-2 text-sm text-muted-foreground"
            >
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
              {searching ? 'Searching...' : 'Loading...'}
            </p>
          )}
          {!pending && shown.length === 0 && (
            <p role="status" className="px-3 py-2 text-sm text-muted-foreground">
              {searching ? `No customers found for "${term}".` : 'No recent customers found.'}
            </p>
          )}
          <div
            id={listId}
            role="listbox"
            aria-labelledby={headingId}
            className="max-h-60 overflow-y-auto px-1"
          >
            {shown.map((customer, i) => (
              <div
                key={customer.id}
                id={comboboxOptionId(listId, i)}
                role="option"
                aria-selected={i === active}
                onClick={() => pick(customer)}
                onMouseEnter={() => setActive(i)}
                className="cursor-pointer rounded-sm px-2 py-2 text-sm aria-selected:bg-muted"
              >
                <span className="block truncate font-medium">{customerLabel(customer)}</span>
                {customer.email && (
                  <span className="block truncate text-xs text-muted-foreground">
                    {customer.email}
                  </span>
                )}
              </div>
            ))}
          </div>
          {onAddNew ? (
            <div className="border-t p-1">
              <button
                type="button"
                onClick={addNew}
                className="w-full rounded-sm px-2 py-2 text-left text-sm font-medium text-primary hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                + Add New Customer
              </button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
