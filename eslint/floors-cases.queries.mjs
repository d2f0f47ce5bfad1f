/** Queries live in a module's repositories: drizzle-orm is imported by *.repo.ts files only. */
const mod = (path) => `apps/server/src/modules/${path}`;
const rule = 'no-restricted-imports';

export const cases = [
  {
    file: mod('jobs/planted.service.ts'),
    code: "import { eq } from 'drizzle-orm';",
    refused: true,
    rule,
  },
  {
    file: mod('jobs/planted.routes.ts'),
    code: "import { sql } from 'drizzle-orm';",
    refused: true,
    rule,
  },
  {
    file: mod('jobs/planted.repo.ts'),
    code: "import { eq } from 'drizzle-orm';",
    refused: false,
    rule,
  },
  // The CSV rule still holds in the same files.
  {
    file: mod('jobs/planted.service.ts'),
    code: "import { stringify } from 'csv-stringify/sync';",
    refused: true,
    rule,
  },
];
