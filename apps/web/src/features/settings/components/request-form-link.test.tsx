import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeMe, renderRoute } from '@/test/utils';
import { RequestFormLink } from './request-form-link';

describe('RequestFormLink', () => {
  it('when shown, then it gives the business’s public request form address and copies it', async () => {
    const me = makeMe();
    const slug = me.accounts[0]!.account_slug;
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderRoute(<RequestFormLink />, { me });

    const url = `${window.location.origin}/request/${slug}`;
    expect(screen.getByLabelText('Request form link')).toHaveValue(url);
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', url);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText('Link copied')).toBeVisible();
  });
});
