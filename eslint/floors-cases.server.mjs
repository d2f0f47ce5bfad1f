/**
 * The server's floors (docs/decisions/015-server-module-faces.md): a module reaches another only
 * through its index.ts; plugins, db, lib, config and background import no module.
 */
const modules = 'apps/server/src/modules';

export const cases = [
  // A module through another's face: allowed; its repo, routes or any other inside: refused.
  {
    file: `${modules}/requests/requests.service.ts`,
    code: "import { findBrand } from '../business-profile/index.ts';",
    refused: false,
  },
  {
    file: `${modules}/requests/requests.service.ts`,
    code: "import { findBrand } from '../business-profile/business-profile.repo.ts';",
    refused: true,
  },
  {
    file: `${modules}/invoices/invoices.routes.ts`,
    code: "import { businessLogoReader } from '../business-profile/business-logo.routes.ts';",
    refused: true,
  },
  {
    file: `${modules}/schedule/schedule.service.ts`,
    code: "import { toVisitSummary } from '../jobs/job-view.ts';",
    refused: true,
  },
  // Its own inside, tests included: allowed. Another module's inside from a test: refused.
  {
    file: `${modules}/jobs/jobs.service.ts`,
    code: "import * as repo from './jobs.repo.ts';",
    refused: false,
  },
  {
    file: `${modules}/customers/customers.test.ts`,
    code: "import { hasLinkedWork } from './customers.repo.ts';",
    refused: false,
  },
  {
    file: `${modules}/customers/customers.test.ts`,
    code: "import { selectVisits } from '../jobs/jobs.repo.ts';",
    refused: true,
  },
  // Modules stand on plugins, db, lib and background.
  {
    file: `${modules}/jobs/jobs.routes.ts`,
    code: "import { requireSession } from '../../plugins/permissions.ts';",
    refused: false,
  },
  {
    file: `${modules}/mail/mail.service.ts`,
    code: "import { QUEUES } from '../../background/queue.ts';",
    refused: false,
  },
  // Nothing below the modules imports one, not even its face.
  {
    file: 'apps/server/src/plugins/permissions.ts',
    code: "import { actorResolver } from '../modules/identity/index.ts';",
    refused: true,
  },
  {
    file: 'apps/server/src/plugins/session.ts',
    code: "import { resolveSessionAccount } from '../modules/accounts/accounts.service.ts';",
    refused: true,
  },
  {
    file: 'apps/server/src/db/client.ts',
    code: "import { Mailer } from '../modules/mail/index.ts';",
    refused: true,
  },
  {
    file: 'apps/server/src/lib/app-error.ts',
    code: "import { customerRoutes } from '../modules/customers/index.ts';",
    refused: true,
  },
  {
    file: 'apps/server/src/background/queue.ts',
    code: "import { startSeriesWorker } from '../modules/jobs/index.ts';",
    refused: true,
  },
  {
    file: 'apps/server/src/config.ts',
    code: "import { healthRoutes } from './modules/health/index.ts';",
    refused: true,
  },
  // app.ts assembles modules through their faces.
  {
    file: 'apps/server/src/app.ts',
    code: "import { jobRoutes } from './modules/jobs/index.ts';",
    refused: false,
  },
  {
    file: 'apps/server/src/app.ts',
    code: "import { jobRoutes } from './modules/jobs/jobs.routes.ts';",
    refused: true,
  },
];
