/**
 * Size limits held by lint (issue 44): a source file of at most 400 lines and a function of at
 * most 150, blank lines and comments not counted. Tests, test helpers, migrations and the
 * end-to-end walks are not held: a test file grows with its cases.
 *
 * A function of 150 lines, not the issue's example of 80: a screen's component is mostly its
 * markup and a module's route plugin mostly its routes' schemas, and at 80 lines 143 functions
 * were over, at 150, 44. Both limits are checked by `eslint/check-floors.mjs` with planted files.
 */
export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 150;

// Why a file is over, for now. Each file below is held at its size of the day the limits came
// (issue 44): it may shrink, never grow, and leaves the list once it is within the limits.
const ROUTES =
  'A module whose routes are registered in one plugin function: to be cut into a plugin per sub-resource.';
const WIRING = 'The app is wired step by step, one module after another: to move into modules.';
const DEMO = "The demo business's data for one module, written out.";
const TEXTS = 'The help center articles: texts, not logic.';
const SCREEN = 'A screen drawn by one or two large components: to be cut into its sections.';
const USE_CASES =
  'Several use cases in one file: to be split by sub-resource, as jobs and invoices.';
const RULES = "The inspection rules' one pure module: answers, scores and findings.";

/** Files over a limit today, each with the size it is held at. */
export const OVER_LIMIT = {
  'apps/server/scripts/demo-inventory.ts': { lines: 434, why: DEMO },
  'apps/server/src/app.ts': { functionLines: 268, why: WIRING },
  'apps/server/src/modules/assistant/assistant.routes.ts': { functionLines: 307, why: ROUTES },
  'apps/server/src/modules/client-hub/client-hub.routes.ts': { functionLines: 264, why: ROUTES },
  'apps/server/src/modules/customers/customers.routes.ts': { functionLines: 180, why: ROUTES },
  'apps/server/src/modules/events/events.repo.ts': { lines: 412, why: USE_CASES },
  'apps/server/src/modules/identity/auth.ts': { functionLines: 156, why: USE_CASES },
  'apps/server/src/modules/invoices/invoices.routes.ts': { functionLines: 344, why: ROUTES },
  'apps/server/src/modules/jobs/jobs.routes.ts': { functionLines: 320, why: ROUTES },
  'apps/server/src/modules/reports/operations.routes.ts': { functionLines: 249, why: ROUTES },
  'apps/server/src/modules/reports/operations.service.ts': { lines: 503, why: USE_CASES },
  'apps/server/src/modules/requests/requests.routes.ts': { functionLines: 174, why: ROUTES },
  'apps/server/src/modules/sales/sales.routes.ts': { functionLines: 167, why: ROUTES },
  'apps/server/src/modules/team/team.routes.ts': { functionLines: 255, why: ROUTES },
  'apps/web/src/app/layout/account-switcher.tsx': { functionLines: 154, why: SCREEN },
  'apps/web/src/components/csv-import-dialog.tsx': { functionLines: 162, why: SCREEN },
  'apps/web/src/entities/client-hub/client-hub.tsx': {
    lines: 411,
    functionLines: 188,
    why: SCREEN,
  },
  'apps/web/src/entities/customer/ui/contact-dialog.tsx': { functionLines: 216, why: SCREEN },
  'apps/web/src/entities/customer/ui/customer-search-box.tsx': { functionLines: 185, why: SCREEN },
  'apps/web/src/entities/field-visit/api/field-visits-context.tsx': {
    functionLines: 170,
    why: SCREEN,
  },
  'apps/web/src/entities/job/ui/job-schedule-dialog.tsx': {
    lines: 424,
    functionLines: 322,
    why: SCREEN,
  },
  'apps/web/src/entities/location/ui/location-search-input.tsx': {
    functionLines: 183,
    why: SCREEN,
  },
  'apps/web/src/features/auth/routes/auth-page.tsx': { functionLines: 155, why: SCREEN },
  'apps/web/src/features/field-visits/routes/field-visit-page.tsx': {
    functionLines: 204,
    why: SCREEN,
  },
  'apps/web/src/features/help/articles.ts': { lines: 551, why: TEXTS },
  'apps/web/src/features/inspections/components/item-answer.tsx': {
    lines: 512,
    functionLines: 178,
    why: SCREEN,
  },
  'apps/web/src/features/inspections/routes/inspection-page.tsx': {
    functionLines: 160,
    why: SCREEN,
  },
  'apps/web/src/features/inventory/components/inventory-dialogs.tsx': { lines: 472, why: SCREEN },
  'apps/web/src/features/inventory/components/item-dialog.tsx': { functionLines: 200, why: SCREEN },
  'apps/web/src/features/inventory/components/movement-dialog.tsx': {
    functionLines: 156,
    why: SCREEN,
  },
  'apps/web/src/features/inventory/routes/inventory-count-page.tsx': {
    functionLines: 162,
    why: SCREEN,
  },
  'apps/web/src/features/inventory/routes/inventory-item-page.tsx': {
    functionLines: 182,
    why: SCREEN,
  },
  'apps/web/src/features/inventory/routes/inventory-pages.tsx': {
    lines: 569,
    functionLines: 260,
    why: SCREEN,
  },
  'apps/web/src/features/invoices/components/invoice-form.tsx': {
    lines: 536,
    functionLines: 323,
    why: SCREEN,
  },
  'apps/web/src/features/invoices/routes/invoice-details-page.tsx': {
    lines: 406,
    functionLines: 218,
    why: SCREEN,
  },
  'apps/web/src/features/jobs/components/job-line-items.tsx': { functionLines: 223, why: SCREEN },
  'apps/web/src/features/jobs/components/job-sections.tsx': {
    lines: 542,
    functionLines: 154,
    why: SCREEN,
  },
  'apps/web/src/features/jobs/components/materials-section.tsx': {
    functionLines: 224,
    why: SCREEN,
  },
  'apps/web/src/features/jobs/routes/job-details-page.tsx': {
    lines: 445,
    functionLines: 162,
    why: SCREEN,
  },
  'apps/web/src/features/quotes/components/calculator-dialog.tsx': {
    functionLines: 188,
    why: SCREEN,
  },
  'apps/web/src/features/quotes/routes/quote-details-page.tsx': { functionLines: 255, why: SCREEN },
  'apps/web/src/features/schedule/routes/schedule-page.tsx': { functionLines: 188, why: SCREEN },
  'apps/web/src/features/settings/components/assistant-model-card.tsx': {
    functionLines: 160,
    why: SCREEN,
  },
  'apps/web/src/features/settings/components/business-profile-section.tsx': {
    functionLines: 151,
    why: SCREEN,
  },
  'apps/web/src/features/settings/components/inspection-template-editor.tsx': {
    lines: 509,
    functionLines: 175,
    why: SCREEN,
  },
  'apps/web/src/features/settings/components/invoice-settings-section.tsx': {
    functionLines: 202,
    why: SCREEN,
  },
  'packages/domain/src/inspections/inspection-rules.ts': { lines: 451, why: RULES },
};
