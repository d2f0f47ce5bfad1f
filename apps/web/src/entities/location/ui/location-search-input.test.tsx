import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocationSearchInput, type LocationResult } from './location-search-input';

const SUGGESTIONS = [
  { id: 'city:IL:Springfield', name: 'Springfield', placeFormatted: 'Illinois, United States' },
  { id: '', name: 'No id', placeFormatted: 'Ignored' },
  { id: 'city:MO:Springfield', name: 'Springfield', placeFormatted: 'Missouri, United States' },
  {
    id: 'city:MA:Springfield',
    name: 'Springfield',
    placeFormatted: 'Massachusetts, United States',
  },
  { id: 'city:OH:Springfield', name: 'Springfield', placeFormatted: 'Ohio, United States' },
  { id: 'city:OR:Springfield', name: 'Springfield', placeFormatted: 'Oregon, United States' },
  { id: 'city:VA:Springfield', name: 'Springfield', placeFormatted: 'Virginia, United States' },
];

const POINT = {
  lng: -89.6495,
  lat: 39.8,
  bbox: null,
  address: '123 Main St',
  city: 'Springfield',
  state: 'Illinois',
  zip: '62701',
  formatted: '123 Main St, Springfield, Illinois 62701, United States',
};

const AREA = {
  lng: -89.65,
  lat: 39.78,
  bbox: [-89.77, 39.66, -89.55, 39.87],
  address: '',
  city: 'Springfield',
  state: 'Illinois',
  zip: '',
  formatted: 'Springfield, Illinois, United States',
};

interface Call {
  path: string;
  query: URLSearchParams;
}

type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** Stubs fetch for /api/locations/*: answers by path, records path and query. */
function stubLocationApi(answers: {
  suggest?: (q: string) => Answer;
  retrieve?: (id: string) => Answer;
}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://app.test');
      calls.push({ path: url.pathname, query: url.searchParams });
      let answer: Answer | undefined;
      if (url.pathname === '/api/locations/suggest') {
        answer = answers.suggest?.(url.searchParams.get('q') ?? '');
      } else if (url.pathname.startsWith('/api/locations/retrieve/')) {
        answer = answers.retrieve?.(decodeURIComponent(url.pathname.split('/').pop() ?? ''));
      }
      if (!answer) throw new Error(`Unexpected request ${url.pathname}`);
      const { status, body } = await answer;
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

function Harness(props: { onSelect: (l: LocationResult) => void; onClear?: () => void }) {
  const [text, setText] = useState('');
  return (
    <div>
      <label htmlFor="address">Address</label>
      <LocationSearchInput
        id="address"
        value={text}
        onValueChange={setText}
        onLocationSelect={props.onSelect}
        onClear={props.onClear}
      />
      <p data-testid="form-value">{text}</p>
      <button type="button">Elsewhere</button>
    </div>
  );
}

function setup() {
  const onSelect = vi.fn();
  const onClear = vi.fn();
  render(<Harness onSelect={onSelect} onClear={onClear} />);
  return {
    onSelect,
    onClear,
    user: userEvent.setup(),
    input: screen.getByRole('combobox', { name: 'Address' }),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LocationSearchInput', () => {
  it('when text is typed, then one search runs after the pause, shows Searching..., and lists at most 5 suggestions with an id', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    const calls = stubLocationApi({
      suggest: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { user, input } = setup();
    expect(input).toHaveAttribute('placeholder', 'Search locations...');

    await user.type(input, 'Spring');
    expect(calls).toHaveLength(0);
    expect(await screen.findByText('Searching...')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query.get('q')).toBe('Spring');
    expect(calls[0]?.query.get('sessionToken')).toMatch(/^[0-9a-f-]{36}$/);

    act(() => answer({ status: 200, body: { suggestions: SUGGESTIONS } }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(5);
    expect(screen.queryByText('No id')).not.toBeInTheDocument();
    expect(options[0]).toHaveTextContent('SpringfieldIllinois, United States');
    expect(screen.queryByText('Searching...')).not.toBeInTheDocument();
    const listbox = screen.getByRole('listbox');
    expect(listbox).toHaveClass('max-h-[200px]', 'overflow-y-auto');
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('when a suggestion is chosen, then the list closes, its details fill the input and a point reports zoom 14', async () => {
    const calls = stubLocationApi({
      suggest: () => ({ status: 200, body: { suggestions: SUGGESTIONS } }),
      retrieve: () => ({ status: 200, body: POINT }),
    });
    const { user, input, onSelect } = setup();
    await user.type(input, '123 Main');
    await user.click((await screen.findAllByRole('option'))[0] as HTMLElement);

    await waitFor(() => expect(onSelect).toHaveBeenCalledTimes(1));
    expect(onSelect).toHaveBeenCalledWith({
      lng: -89.6495,
      lat: 39.8,
      bounds: null,
      zoom: 14,
      address: '123 Main St',
      city: 'Springfield',
      state: 'Illinois',
      zip: '62701',
      formatted: POINT.formatted,
    });
    expect(input).toHaveValue(POINT.formatted);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    const [suggest, retrieve] = calls;
    expect(retrieve?.path).toBe('/api/locations/retrieve/city%3AIL%3ASpringfield');
    expect(retrieve?.query.get('sessionToken')).toBe(suggest?.query.get('sessionToken'));

    // Typing again searches again, with a new session token.
    await user.type(input, ' x');
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.query.get('sessionToken')).not.toBe(suggest?.query.get('sessionToken'));
    expect(await screen.findAllByRole('option')).toHaveLength(5);
  });

  it('when an area is chosen with the keyboard, then its bounds are reported without a zoom', async () => {
    stubLocationApi({
      suggest: () => ({ status: 200, body: { suggestions: SUGGESTIONS } }),
      retrieve: () => ({ status: 200, body: AREA }),
    });
    const { user, input, onSelect } = setup();
    await user.type(input, 'Springf');
    await screen.findAllByRole('option');

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(onSelect).toHaveBeenCalledWith(
        expect.objectContaining({ bounds: [-89.77, 39.66, -89.55, 39.87], zoom: null }),
      ),
    );
    expect(input).toHaveValue('Springfield, Illinois, United States');
  });

  it('when nothing matches, then No results found; when the text is emptied, then nothing is searched', async () => {
    const calls = stubLocationApi({ suggest: () => ({ status: 200, body: { suggestions: [] } }) });
    const { user, input } = setup();
    await user.type(input, 'Xyzzy');
    expect(await screen.findByText('No results found')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '   ');
    await new Promise((r) => setTimeout(r, 400));
    expect(calls).toHaveLength(1);
    expect(screen.queryByText('No results found')).not.toBeInTheDocument();
  });

  it('when the clear button is pressed, then the text and list empty, the caller hears it and a new session starts', async () => {
    const calls = stubLocationApi({
      suggest: () => ({ status: 200, body: { suggestions: SUGGESTIONS } }),
    });
    const { user, input, onClear } = setup();
    await user.type(input, 'Spring');
    await screen.findAllByRole('option');

    await user.click(screen.getByRole('button', { name: 'Clear location' }));

    expect(input).toHaveValue('');
    expect(screen.getByTestId('form-value')).toHaveTextContent('');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Clear location' })).not.toBeInTheDocument();
    await user.type(input, 'Spr');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.query.get('sessionToken')).not.toBe(calls[0]?.query.get('sessionToken'));
  });

  it('when the user clicks outside, then the list closes', async () => {
    stubLocationApi({ suggest: () => ({ status: 200, body: { suggestions: SUGGESTIONS } }) });
    const { user, input } = setup();
    await user.type(input, 'Spring');
    await screen.findAllByRole('option');

    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));

    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('when the search or the details fail, then it only warns in the console and the list empties', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    let fail = true;
    stubLocationApi({
      suggest: () =>
        fail
          ? { status: 502, body: { code: 'BAD_GATEWAY', message: 'down' } }
          : { status: 200, body: { suggestions: SUGGESTIONS } },
      retrieve: () => ({ status: 502, body: { code: 'BAD_GATEWAY', message: 'down' } }),
    });
    const { user, input, onSelect } = setup();
    await user.type(input, 'Spring');
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.queryByText('No results found')).not.toBeInTheDocument();

    fail = false;
    await user.type(input, 'f');
    await user.click((await screen.findAllByRole('option'))[1] as HTMLElement);
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(onSelect).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
