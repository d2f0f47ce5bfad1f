import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Input, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** Lists search once typing pauses (spec section 9: 300 ms, as the customer search). */
export const LIST_SEARCH_PAUSE_MS = 300;

/**
 * The search box above a list: a labelled field that reports its text after a pause in
 * typing, so a list is not asked for again at every key.
 */
export function ListSearchField({
  value,
  onSearch,
  placeholder,
  className,
}: {
  value: string;
  onSearch: (text: string) => void;
  placeholder: string;
  className?: string;
}) {
  const id = useId();
  const [typed, setTyped] = useState(value);
  useEffect(() => {
    if (typed === value) return;
    const timer = setTimeout(() => onSearch(typed), LIST_SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, value, onSearch]);

  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        Search
      </Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={placeholder}
          className="pl-9"
        />
      </div>
    </div>
  );
}
