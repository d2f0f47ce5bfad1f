import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PageLoading } from '@/components/ui/page-loading';
import { filledFirstPaint, filledTemplate, templateOf } from '@/test/index-html';
import { adoptFirstPaint } from '@/lib/first-paint';
import { ScheduleFirstScreen, scheduleFirstScreenOf } from './schedule-first-screen';

describe("index.html's first paint of /schedule (decision 044)", () => {
  it.each([true, false])(
    "holds /schedule's heading and toolbar as the dashboard draws them (planner: %s)",
    (canPlan) => {
      const calendar = { dayTitle: 'Sunday, November 29, 2026', weekTitle: 'Nov 23 – 29, 2026' };
      const app = renderToStaticMarkup(
        <>
          <ScheduleFirstScreen {...calendar} canPlan={canPlan} />
          <PageLoading />
        </>,
      );
      const page = filledFirstPaint('dashboard', {
        path: '/schedule',
        title: 'Schedule',
        description: 'Who is where, and when.',
        actions: canPlan ? templateOf('action-placeholder') : '',
        toolbar: filledTemplate('calendar-toolbar', {
          ...calendar,
          memberFilter: canPlan ? templateOf('member-filter') : '',
          emptyRange: '',
        }),
      });
      expect(page).toContain(app);
    },
  );

  it.each([
    [true, true],
    [true, false],
    [false, true],
  ])(
    'holds the "Nothing scheduled" line as the dashboard draws it (day empty: %s, week empty: %s)',
    (emptyDay, emptyWeek) => {
      const calendar = { dayTitle: 'Sunday, November 29, 2026', weekTitle: 'Nov 23 – 29, 2026' };
      const app = renderToStaticMarkup(
        <ScheduleFirstScreen {...calendar} canPlan emptyDay={emptyDay} emptyWeek={emptyWeek} />,
      );
      // As the server writes it (apps/server/src/plugins/spa.ts).
      const emptyRange = filledTemplate('empty-range', {
        emptyDay: emptyDay
          ? '<span class="sm:hidden">Nothing scheduled on this day. Click a time to add a job.</span>'
          : '',
        emptyWeek: emptyWeek
          ? '<span class="hidden sm:inline">Nothing scheduled this week. Click a time to add a job.</span>'
          : '',
      });
      const page = filledFirstPaint('dashboard', {
        path: '/schedule',
        title: 'Schedule',
        description: 'Who is where, and when.',
        actions: templateOf('action-placeholder'),
        toolbar: filledTemplate('calendar-toolbar', {
          ...calendar,
          memberFilter: templateOf('member-filter'),
          emptyRange,
        }),
      });
      expect(page).toContain(app);
      expect(app).toContain('Nothing scheduled');
    },
  );
});

describe('scheduleFirstScreenOf', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  function adopt(path: string, calendar: string) {
    window.history.replaceState(null, '', path);
    document.body.innerHTML = `<div id="root"><div data-first-paint="" data-path="${path}" data-title="Schedule" data-description="Who is where, and when."${calendar}><h1>Schedule</h1></div></div>`;
    adoptFirstPaint(document.getElementById('root')!);
  }

  it("when the first paint drew /schedule's toolbar, then the dashboard draws the same one", () => {
    adopt(
      '/schedule',
      ' data-day-title="Sunday, November 29, 2026" data-week-title="Nov 23 – 29, 2026" data-can-plan="false"',
    );
    expect(scheduleFirstScreenOf('/schedule')).toEqual({
      dayTitle: 'Sunday, November 29, 2026',
      weekTitle: 'Nov 23 – 29, 2026',
      canPlan: false,
      emptyDay: false,
      emptyWeek: false,
    });
    expect(scheduleFirstScreenOf('/jobs')).toBeNull();
  });

  it('when the first paint said the day is empty, then the dashboard says so too', () => {
    adopt(
      '/schedule',
      ' data-day-title="Sunday, November 29, 2026" data-week-title="Nov 23 – 29, 2026" data-can-plan="true" data-empty-day="true" data-empty-week="false"',
    );
    expect(scheduleFirstScreenOf('/schedule')).toMatchObject({ emptyDay: true, emptyWeek: false });
  });

  it('when the first paint drew only the heading (another range), then there is no toolbar', () => {
    adopt('/schedule', '');
    expect(scheduleFirstScreenOf('/schedule')).toBeNull();
  });
});
