import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { detail } from '@/entities/inspection/test/fixtures';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { ReportActions } from './report-actions';

const finished = (contactEmail: string | null) =>
  detail([], {
    status: 'finished',
    finishedAt: '2026-11-30T15:00:00.000Z',
    findings: [],
    contactEmail,
  });

describe('ReportActions: Send by e-mail', () => {
  it("when the inspection's contact has an e-mail, then Send report starts with it and sends it", async () => {
    const inspection = finished('rita@example.test');
    const api = mockApi({
      [`POST /api/inspections/${inspection.id}/send`]: () => ({
        status: 200,
        body: { sent: true, message: null, url: 'http://localhost/r/abc' },
      }),
      [`GET /api/inspections/${inspection.id}`]: () => ({ status: 200, body: inspection }),
    });
    renderRoute(<ReportActions inspection={inspection} />, { me: makeMe({ role: 'owner' }) });
    const field = screen.getByLabelText('Client’s e-mail');
    expect(field).toHaveValue('rita@example.test');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report sent')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key.endsWith('/send'))?.body).toEqual({
      recipientEmail: 'rita@example.test',
      message: '',
    });
  });

  it('when there is no e-mail on file, then the field is empty and Send report waits for one', () => {
    renderRoute(<ReportActions inspection={finished(null)} />, { me: makeMe({ role: 'owner' }) });
    expect(screen.getByLabelText('Client’s e-mail')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send report' })).toBeDisabled();
  });
});
