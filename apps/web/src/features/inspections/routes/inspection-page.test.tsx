import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { answer, detail, INSPECTION_ID } from '@/entities/inspection/test/fixtures';
import { answersStorageKey } from '../api/answer-queue';
import { InspectionPage } from './inspection-page';

const GET = `GET /api/inspections/${INSPECTION_ID}`;
const PUT_FLOOR = `PUT /api/inspections/${INSPECTION_ID}/answers/floor`;
const FINISH = `POST /api/inspections/${INSPECTION_ID}/finish`;
const ok = (body: unknown) => () => ({ status: 200, body });
const me = makeMe({ role: 'team_member', user: { name: 'Ben Brush' } });

function open() {
  return renderRoute(<InspectionPage />, {
    me,
    path: `/inspections/${INSPECTION_ID}`,
    routePath: '/inspections/:id',
  });
}

describe('/inspections/:id', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('when Pass is tapped, then that answer is PUT for its item and shows saved', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [GET]: ok(detail()),
      [PUT_FLOOR]: ok(detail([answer('floor', 'pass_fail_na', 'pass')])),
    });
    open();
    const floor = await screen.findByRole('group', { name: 'Floor clean' });
    await user.click(within(floor).getByRole('button', { name: 'Pass' }));

    await waitFor(() =>
      expect(calls.find((c) => c.key === PUT_FLOOR)?.body).toEqual({
        kind: 'pass_fail_na',
        value: 'pass',
        note: '',
        internalNote: '',
      }),
    );
    const item = screen.getByRole('listitem', { name: 'Floor clean' });
    expect(await within(item).findByText('Saved')).toBeInTheDocument();
    expect(within(floor).getByRole('button', { name: 'Pass' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(localStorage.getItem(answersStorageKey(INSPECTION_ID))).toBeNull();
  });

  it('when the save fails, then the answer shows unsaved, is kept on the device and is retried', async () => {
    const user = userEvent.setup();
    let down = true;
    const { calls } = mockApi({
      [GET]: ok(detail()),
      [PUT_FLOOR]: () =>
        down
          ? { status: 503, body: { code: 'UNAVAILABLE', message: 'Service unavailable' } }
          : { status: 200, body: detail([answer('floor', 'pass_fail_na', 'fail')]) },
    });
    open();
    const floor = await screen.findByRole('group', { name: 'Floor clean' });
    await user.click(within(floor).getByRole('button', { name: 'Fail' }));

    expect(await screen.findByText(/1 answer not saved yet — retrying/)).toBeInTheDocument();
    const item = screen.getByRole('listitem', { name: 'Floor clean' });
    expect(within(item).getByText('Not saved yet')).toBeInTheDocument();
    // The answer stays chosen, and on the device.
    expect(within(floor).getByRole('button', { name: 'Fail' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(JSON.parse(localStorage.getItem(answersStorageKey(INSPECTION_ID)) ?? '{}')).toEqual({
      floor: { kind: 'pass_fail_na', value: 'fail', note: '', internalNote: '' },
    });

    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(await within(item).findByText('Saved')).toBeInTheDocument();
    expect(screen.queryByText(/not saved yet — retrying/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.key === PUT_FLOOR)).toHaveLength(2);
    expect(localStorage.getItem(answersStorageKey(INSPECTION_ID))).toBeNull();
  });

  it('when answers were kept on the device, then opening the inspection sends them', async () => {
    localStorage.setItem(
      answersStorageKey(INSPECTION_ID),
      JSON.stringify({ floor: { kind: 'pass_fail_na', value: 'na', note: '', internalNote: '' } }),
    );
    const { calls } = mockApi({
      [GET]: ok(detail()),
      [PUT_FLOOR]: ok(detail([answer('floor', 'pass_fail_na', 'na')])),
    });
    open();
    await waitFor(() => expect(calls.some((c) => c.key === PUT_FLOOR)).toBe(true));
    expect(calls.find((c) => c.key === PUT_FLOOR)?.body).toMatchObject({ value: 'na' });
  });

  it('when required items are missing, then Finish lists them and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [GET]: ok(detail([answer('floor', 'pass_fail_na', 'fail')])),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Finish inspection' }));

    const alert = await screen.findByText('2 items must be done before finishing:');
    const list = alert.closest('div') as HTMLElement;
    expect(within(list).getByRole('link', { name: 'Floor clean' })).toHaveAttribute(
      'href',
      '#item-floor',
    );
    expect(list).toHaveTextContent('Floor clean (failed, so it needs a photo)');
    expect(list).toHaveTextContent('Oven condition (needs an answer)');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === FINISH)).toBe(false);
  });

  it('when everything required is done, then Finish asks for the signature and sends it', async () => {
    const user = userEvent.setup();
    const fakeContext = {
      scale: vi.fn(),
      beginPath: vi.fn(),
      moveTo: vi.fn(),
      lineTo: vi.fn(),
      stroke: vi.fn(),
      save: vi.fn(),
      restore: vi.fn(),
      setTransform: vi.fn(),
      clearRect: vi.fn(),
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      fakeContext as unknown as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    const answered = [answer('floor', 'pass_fail_na', 'pass'), answer('oven', 'rating_1_5', 4)];
    const { calls } = mockApi({
      [GET]: ok(detail(answered)),
      [FINISH]: ok(
        detail(answered, {
          status: 'finished',
          finishedAt: '2026-11-20T10:00:00.000Z',
          signature: { name: 'Ben Brush', hasImage: true, signedAt: '2026-11-20T10:00:00.000Z' },
        }),
      ),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Finish inspection' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign and finish' });
    const name = within(dialog).getByLabelText('Inspector’s full name');
    expect(name).toHaveValue('Ben Brush');
    await user.clear(name);
    await user.type(name, 'Benjamin Brush');
    const pad = within(dialog).getByRole('img', { name: /Draw your signature/ });
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(pad, { clientX: 40, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(pad, { clientX: 40, clientY: 30, pointerId: 1 });
    await user.click(within(dialog).getByRole('button', { name: 'Sign and finish' }));

    await waitFor(() =>
      expect(calls.find((c) => c.key === FINISH)?.body).toEqual({
        signatureName: 'Benjamin Brush',
        signatureImage: 'data:image/png;base64,iVBORw0KGgo=',
      }),
    );
    expect(await screen.findByText('Signed by Ben Brush')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finish inspection' })).not.toBeInTheDocument();
  });

  it('when a failed item needs a photo, then the camera photo is uploaded with its id and can be removed', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const clientId = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(clientId);
    const photoId = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
    const failed = answer('floor', 'pass_fail_na', 'fail');
    const withPhoto = answer('floor', 'pass_fail_na', 'fail', {
      photos: [
        {
          id: photoId,
          url: `/api/inspections/${INSPECTION_ID}/photos/${photoId}`,
          width: 800,
          height: 600,
        },
      ],
    });
    const { calls } = mockApi({
      [GET]: ok(detail([failed])),
      [`POST /api/inspections/${INSPECTION_ID}/answers/floor/photos?clientId=${clientId}`]: ok(
        detail([withPhoto]),
      ),
      [`DELETE /api/inspections/${INSPECTION_ID}/photos/${photoId}`]: ok(detail([failed])),
    });
    const { container } = open();
    const item = await screen.findByRole('listitem', { name: 'Floor clean' });
    expect(
      within(item).getByRole('button', { name: 'Take the required photo' }),
    ).toBeInTheDocument();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('capture', 'environment');
    await user.upload(input, new File(['jpeg'], 'floor.jpg', { type: 'image/jpeg' }));

    expect(await within(item).findByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
    expect(calls.some((c) => c.key.includes('/answers/floor/photos?clientId='))).toBe(true);
    await user.click(within(item).getByRole('button', { name: 'Remove photo 1' }));
    await waitFor(() => expect(within(item).queryByRole('img', { name: 'Photo 1' })).toBeNull());
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(true);
  });
});
