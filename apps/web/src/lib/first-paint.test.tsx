import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { filledFirstPaint } from '@/test/index-html';
import { adoptFirstPaint, firstPaintHeader } from './first-paint';

describe("index.html's dashboard first paint", () => {
  it("holds PageHeader and Loading... as the dashboard's Loading... draws them", () => {
    const header = { title: 'Jobs', description: 'The work you do.' };
    const app = renderToStaticMarkup(
      <>
        <PageHeader {...header} />
        <PageLoading />
      </>,
    );
    expect(filledFirstPaint('dashboard', { path: '/jobs', ...header })).toContain(app);
  });
});

describe('adoptFirstPaint', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  function rootWithFrame(path: string): HTMLElement {
    document.body.innerHTML = `<div id="root"><div data-first-paint="" data-path="${path}" data-title="Jobs" data-description="The work you do."><h1>Jobs</h1></div></div>`;
    return document.getElementById('root')!;
  }

  const nextMutations = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('without a first paint, React draws into #root', () => {
    document.body.innerHTML = '<div id="root"><div role="status">Loading...</div></div>';
    const root = document.getElementById('root')!;
    expect(adoptFirstPaint(root)).toBe(root);
  });

  it("when the page is another screen's (an offline copy), the frame goes and React draws into #root", () => {
    window.history.replaceState(null, '', '/customers');
    const root = rootWithFrame('/jobs');
    expect(adoptFirstPaint(root)).toBe(root);
    expect(root.querySelector('[data-first-paint]')).toBeNull();
    expect(firstPaintHeader('/jobs')).toBeNull();
  });

  it('the frame stays through Loading... screens and goes when the app draws', async () => {
    window.history.replaceState(null, '', '/jobs');
    const root = rootWithFrame('/jobs');
    const frame = root.querySelector<HTMLElement>('[data-first-paint]')!;
    const app = adoptFirstPaint(root);
    expect(app).not.toBe(root);
    expect(app.parentElement).toBe(root);
    // Left where it is (not moved: painted anew, it would be the LCP again), out of the flow so
    // the app's container starts at the top beneath it.
    expect(frame.parentElement).toBe(root);
    expect(frame.style.position).toBe('absolute');
    expect(firstPaintHeader('/jobs')).toEqual({
      path: '/jobs',
      title: 'Jobs',
      description: 'The work you do.',
    });
    expect(firstPaintHeader('/schedule')).toBeNull();

    app.innerHTML = '<div data-page-loading=""><span>Loading...</span></div><section></section>';
    await nextMutations();
    expect(root.querySelector('[data-first-paint]')).not.toBeNull();

    app.innerHTML = '<div><main>Jobs</main></div>';
    await nextMutations();
    expect(root.querySelector('[data-first-paint]')).toBeNull();
  });
});
