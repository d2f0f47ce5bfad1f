import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_HEADER } from '@crewdesk/domain';
import { PageLoading } from '@/components/ui/page-loading';
import { filledFirstPaint } from '@/test/index-html';
import { AuthShell } from './auth-shell';

describe("/auth's first paint (decision 044)", () => {
  it('is what AuthShell draws, with Loading... in its card: the swap moves nothing', () => {
    const app = renderToStaticMarkup(
      <MemoryRouter>
        <AuthShell {...SIGN_IN_HEADER}>
          <PageLoading />
        </AuthShell>
      </MemoryRouter>,
    );
    expect(filledFirstPaint('auth', { ...SIGN_IN_HEADER })).toBe(app);
  });
});
