/** The web floors (ARCHITECTURE.md): shared → entities → features → app; no feature imports another. */
const web = (path) => `apps/web/src/${path}`;

export const cases = [
  // Refused: across features, relative or aliased.
  {
    file: web('features/jobs/routes/x.tsx'),
    code: "import { useQuote } from '@/features/quotes/api/get-request';",
    refused: true,
  },
  {
    file: web('features/jobs/routes/x.tsx'),
    code: "import { useQuote } from '../../quotes/api/get-request';",
    refused: true,
  },
  // Refused: a feature reaching up into app/.
  {
    file: web('features/jobs/routes/x.tsx'),
    code: "import { router } from '@/app/router';",
    refused: true,
  },
  // Refused: an entity reaching up into a feature or app/.
  {
    file: web('entities/job/ui/x.tsx'),
    code: "import { jobListQueryKey } from '@/features/jobs/api/keys';",
    refused: true,
  },
  // Refused: shared code (components, lib, test helpers) importing an entity or a feature.
  {
    file: web('components/x.tsx'),
    code: "import { CustomerSearchBox } from '@/entities/customer/ui/customer-search-box';",
    refused: true,
  },
  {
    file: web('lib/x.ts'),
    code: "import { jobsQueryKey } from '../entities/job/api/job-keys';",
    refused: true,
  },
  {
    file: web('test/x.ts'),
    code: "import { makeJob } from '@/features/jobs/routes/jobs-pages';",
    refused: true,
  },
  {
    file: web('components/x.tsx'),
    code: "import { App } from '@/app/app';",
    refused: true,
  },
  // Allowed: each floor importing the ones below it, and a feature its own inside.
  {
    file: web('app/x.tsx'),
    code: "import { JobsPage } from '@/features/jobs/routes/jobs-pages';",
    refused: false,
  },
  {
    file: web('features/jobs/routes/x.tsx'),
    code: "import { JobScheduleDialog } from '@/entities/job/ui/job-schedule-dialog';",
    refused: false,
  },
  {
    file: web('features/jobs/routes/x.tsx'),
    code: "import { jobListQueryKey } from '../api/keys';",
    refused: false,
  },
  {
    file: web('entities/job/ui/x.tsx'),
    code: "import { CustomerSearchBox } from '@/entities/customer/ui/customer-search-box';",
    refused: false,
  },
  {
    file: web('components/x.tsx'),
    code: "import { cn } from '@/lib/cn';",
    refused: false,
  },
];
