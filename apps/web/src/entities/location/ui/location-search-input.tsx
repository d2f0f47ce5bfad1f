import type { LocationSuggestion } from '@crewdesk/domain';
import { LoaderCircle, MapPin } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  ClearInputButton,
  comboboxInputProps,
  comboboxOptionId,
  leadingIconClassName,
} from '@/components/ui/combobox';
import { fieldClassName } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { retrieveLocation, suggestLocations } from '../api/location-api';

/** Spec section 9: the pause before a search, the list's length and the zoom without bounds. */
export const LOCATION_SEARCH_DELAY_MS = 300;
export const LOCATION_SUGGESTION_LIMIT = 5;
export const LOCATION_FALLBACK_ZOOM = 14;

/** What a choice reports (spec section 4, location search). */
export interface LocationResult {
  lng: number;
  lat: number;
  /** [minLng, minLat, maxLng, maxLat] of an area; null for a point. */
  bounds: [number, number, number, number] | null;
  /** 14 for a point (no bounds); a map fits the bounds otherwise. */
  zoom: number | null;
  /** The street line; '' when a city or a ZIP was chosen. */
  address: string;
  city: string;
  state: string;
  zip: string;
  /** The whole place on one line, as the input shows it. */
  formatted: string;
}

function newSessionToken(): string {
  return crypto.randomUUID();
}

export interface LocationSearchInputProps {
  /** The text in the input, when the caller keeps it (a form field). */
  value?: string;
  defaultValue?: string;
  /** Every change of the text: typing, a choice (the formatted place) or a clear (''). */
  onValueChange?: (text: string) => void;
  onLocationSelect: (location: LocationResult) => void;
  /** After the clear button emptied the input. */
  onClear?: () => void;
  placeholder?: string;
  id?: string;
  name?: string;
  disabled?: boolean;
  /** The longest text a person may type (a chosen place may be longer; the form says so). */
  maxLength?: number;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  className?: string;
}

type ListState = 'closed' | 'searching' | 'results';

/**
 * Spec sections 2, 4 and 7: place autocomplete through GET /api/locations/*. Typing searches
 * after a 300 ms pause; choosing a suggestion fetches its details and reports them. Errors are
 * only logged (as warnings) and empty the list.
 */
export function LocationSearchInput({
  value,
  defaultValue = '',
  onValueChange,
  onLocationSelect,
  onClear,
  placeholder = 'Search locations...',
  id,
  name,
  disabled,
  maxLength,
  className,
  ...aria
}: LocationSearchInputProps) {
  const [ownText, setOwnText] = useState(defaultValue);
  const text = value ?? ownText;
  const [suggestions, setSuggestions] = useState<LocationSuggestion[]>([]);
  const [list, setList] = useState<ListState>('closed');
  const [active, setActive] = useState(-1);
  // The text to search for; null after a choice, until the user types again.
  const [query, setQuery] = useState<string | null>(null);
  const sessionToken = useRef(newSessionToken());
  const container = useRef<HTMLDivElement>(null);
  const listId = useId();

  function setText(next: string) {
    setOwnText(next);
    onValueChange?.(next);
  }

  useEffect(() => {
    const term = query?.trim() ?? '';
    if (term === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setList('searching');
      suggestLocations(term, sessionToken.current, controller.signal)
        .then(({ suggestions: found }) => {
          setSuggestions(found.filter((s) => Boolean(s.id)).slice(0, LOCATION_SUGGESTION_LIMIT));
          setActive(-1);
          setList('results');
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('Location search failed', error);
          setSuggestions([]);
          setList('closed');
        });
    }, LOCATION_SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  // Clicking anywhere outside closes the list.
  useEffect(() => {
    if (list === 'closed') return;
    function onPointerDown(event: PointerEvent | MouseEvent) {
      if (!container.current?.contains(event.target as Node)) setList('closed');
    }
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [list]);

  function onType(next: string) {
    setText(next);
    setQuery(next);
    if (next.trim() === '') {
      setSuggestions([]);
      setList('closed');
    }
  }

  async function choose(suggestion: LocationSuggestion) {
    if (!suggestion.id) return;
    setList('closed');
    setSuggestions([]);
    setQuery(null);
    const token = sessionToken.current;
    sessionToken.current = newSessionToken();
    try {
      const place = await retrieveLocation(suggestion.id, token);
      setText(place.formatted);
      onLocationSelect({
        lng: place.lng,
        lat: place.lat,
        bounds: place.bbox,
        zoom: place.bbox ? null : LOCATION_FALLBACK_ZOOM,
        address: place.address,
        city: place.city,
        state: place.state,
        zip: place.zip,
        formatted: place.formatted,
      });
    } catch (error) {
      console.warn('Location details failed', error);
    }
  }

  function clear() {
    setText('');
    setQuery(null);
    setSuggestions([]);
    setList('closed');
    sessionToken.current = newSessionToken();
    onClear?.();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && list !== 'closed') {
      event.preventDefault();
      event.stopPropagation();
      setList('closed');
      return;
    }
    if (list !== 'results' || suggestions.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      const suggestion = suggestions[active];
      if (suggestion) void choose(suggestion);
    }
  }

  const expanded = list !== 'closed';

  return (
    <div ref={container} className={cn('relative', className)}>
      <MapPin aria-hidden className={leadingIconClassName} />
      <input
        id={id}
        name={name}
        {...comboboxInputProps({ listId, expanded, active })}
        placeholder={placeholder}
        disabled={disabled}
        maxLength={maxLength}
        value={text}
        onChange={(event) => onType(event.target.value)}
        onKeyDown={onKeyDown}
        className={cn(fieldClassName, 'h-10 py-2 pr-9 pl-9')}
        {...aria}
      />
      {text !== '' && !disabled && <ClearInputButton label="Clear location" onClick={clear} />}
      <div
        id={listId}
        role="listbox"
        aria-label="Location suggestions"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-50 mt-1 max-h-[200px] overflow-y-auto rounded-md border bg-background p-1 text-foreground shadow-lg"
      >
        {list === 'searching' && (
          <p
            role="status"
            className="flex items-center gap-2 px-2 py-2 text-sm text-muted-foreground"
          >
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
            Searching...
          </p>
        )}
        {list === 'results' && suggestions.length === 0 && (
          <p role="status" className="px-2 py-2 text-sm text-muted-foreground">
            No results found
          </p>
        )}
        {list === 'results' &&
          suggestions.map((suggestion, i) => (
            <div
              key={suggestion.id}
              id={comboboxOptionId(listId, i)}
              role="option"
              aria-selected={i === active}
              // Keep the focus in the input: choosing must not blur it first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void choose(suggestion)}
              onMouseEnter={() => setActive(i)}
              className="cursor-pointer rounded-sm px-2 py-2 text-sm aria-selected:bg-muted"
            >
              <span className="block truncate font-medium">{suggestion.name}</span>
              {suggestion.placeFormatted && (
                <span className="block truncate text-xs text-muted-foreground">
                  {suggestion.placeFormatted}
                </span>
              )}
            </div>
          ))}
      </div>
    </div>
  );
}
