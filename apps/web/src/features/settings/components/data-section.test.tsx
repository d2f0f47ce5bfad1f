import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataExport } from '@crewdesk/domain';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { DataSection } from './data-section';

function exportOf(overrides: Partial<DataExport>): DataExport {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    status: 'ready',
    progress: 100,
    sizeBytes: 2048,
    error: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

const ZIP = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'crewdesk.zip', {
  type: 'application/zip',
});

describe('DataSection', () => {
  it('when exports exist, then each shows its state, a progress bar while made, and a download link when ready', async () => {
    mockApi({
      'GET /api/data-export': () => ({
        status: 200,
        body: {
          items: [
            exportOf({
              id: '22222222-2222-4222-8222-222222222222',
              status: 'running',
              progress: 40,
            }),
            exportOf({}),
          ],
        },
      }),
    });
    renderRoute(<DataSection />, { me: makeMe({ role: 'owner' }) });
    const list = within(await screen.findByRole('list', { name: 'Exports' }));
    expect(list.getByRole('progressbar')).toHaveAttribute('value', '40');
    expect(list.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/data-export/11111111-1111-4111-8111-111111111111/download',
    );
    expect(list.getByText(/available until/)).toBeInTheDocument();
  });

  it('when there is no export, then Export everything starts one', async () => {
    let items: DataExport[] = [];
    const api = mockApi({
      'GET /api/data-export': () => ({ status: 200, body: { items } }),
      'POST /api/data-export': () => {
        items = [exportOf({ status: 'queued', progress: 0 })];
        return { status: 202, body: items[0] };
      },
    });
    const user = userEvent.setup();
    renderRoute(<DataSection />, { me: makeMe({ role: 'admin' }) });
    expect(await screen.findByText('No exports yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export everything' }));
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).toContain('POST /api/data-export');
  });

  it('when the check finds problems, then they are listed and Import stays off', async () => {
    mockApi({
      'GET /api/data-export': () => ({ status: 200, body: { items: [] } }),
      'POST /api/data-import?dryRun=true': () => ({
        status: 200,
        body: {
          dryRun: true,
          tables: { customers: 1 },
          files: 0,
          problems: ['Table "customers" does not match its checksum: the archive was changed.'],
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<DataSection />, { me: makeMe({ role: 'owner' }) });
    await user.upload(screen.getByLabelText('Archive (.zip)'), ZIP);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/does not match its checksum/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('when the check passes, then Import imports and says what was created', async () => {
    const result = { tables: { customers: 2, jobs: 1 }, files: 1, problems: [] };
    mockApi({
      'GET /api/data-export': () => ({ status: 200, body: { items: [] } }),
      'POST /api/data-import?dryRun=true': () => ({
        status: 200,
        body: { dryRun: true, ...result },
      }),
      'POST /api/data-import?dryRun=false': () => ({
        status: 200,
        body: { dryRun: false, ...result },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<DataSection />, { me: makeMe({ role: 'owner' }) });
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    await user.upload(screen.getByLabelText('Archive (.zip)'), ZIP);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/passed the check/)).toBeInTheDocument();
    expect(screen.getByText('customers: 2')).toBeInTheDocument();
    await user.click(importButton);
    expect(await screen.findByText('The archive was imported:')).toBeInTheDocument();
  });

  it('for a manager, then a short note shows and nothing is requested', () => {
    const api = mockApi({});
    renderRoute(<DataSection />, { me: makeMe({ role: 'business_manager' }) });
    expect(screen.getByText(/Only the business owner or an admin/)).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
