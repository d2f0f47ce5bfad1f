// The API benchmark's baseline (scripts/bench/api.mjs): a bare Fastify + pg server that sends
// Crewdesk's own SQL for the contacts page and for one contact, and answers the same JSON as
// `GET /api/customers?sort=newest&limit=25` and `GET /api/customers/:id`. Nothing else: no
// session, no request limit, no validation library, no compression, no security headers, one
// business (BARE_ACCOUNT_ID). The statements are copied from what Crewdesk sent (captured by
// api.mjs, which checks at each run that Crewdesk still sends exactly these).
//   BARE_DATABASE_URL=postgres://… BARE_ACCOUNT_ID=<uuid> PORT=3701 node scripts/bench/bare-server.mjs
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The contacts page, newest first, with its total in a column (counting at most cap + 1 rows, in
 * an InitPlan PostgreSQL runs once): $1 and $3 the business, $2 the cap + 1, $4 the page size + 1
 * (whether a next page exists).
 */
export const LIST_SQL =
  'select "id", "account_id", "user_id", "first_name", "last_name", "email", "phone", "company", "address", "city", "state", "zip", "latitude", "longitude", "customer_type", "source", "assigned_to", "whatsapp", "facebook", "instagram", "notes", "archived_at", "created_at", "updated_at", json_build_array(to_char("customers"."created_at" AT TIME ZONE \'UTC\', \'YYYY-MM-DD"T"HH24:MI:SS.US"Z"\'), "customers"."id"::text)::text, (select count(*)::int from ((select 1 from "customers" where ("customers"."account_id" = $1 and "customers"."archived_at" is null) limit $2)) as capped) from "customers" where ("customers"."account_id" = $3 and "customers"."archived_at" is null) order by "customers"."created_at" desc, "customers"."id" desc limit $4';
/** One contact of the business. */
export const BY_ID_SQL =
  'select "id", "account_id", "user_id", "first_name", "last_name", "email", "phone", "company", "address", "city", "state", "zip", "latitude", "longitude", "customer_type", "source", "assigned_to", "whatsapp", "facebook", "instagram", "notes", "archived_at", "created_at", "updated_at" from "customers" where ("customers"."account_id" = $1 and "customers"."id" = $2)';

/** The page's statement and its parameters, as Crewdesk sends them for one request. */
export function listParams(accountId, limit = 25, cap = 10_000) {
  return [[LIST_SQL, [accountId, cap + 1, accountId, limit + 1]]];
}
export const byIdParams = (accountId, id) => [[BY_ID_SQL, [accountId, id]]];

const COUNT_CAP = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row as Crewdesk's toCustomer answers it. */
function toCustomer(r) {
  return {
    id: r[0],
    firstName: r[3],
    lastName: r[4],
    email: r[5],
    phone: r[6],
    company: r[7],
    address: r[8],
    city: r[9],
    state: r[10],
    zip: r[11],
    latitude: r[12],
    longitude: r[13],
    customerType: r[14],
    source: r[15],
    assignedTo: r[16],
    whatsapp: r[17],
    facebook: r[18],
    instagram: r[19],
    notes: r[20],
    createdBy: r[2],
    createdAt: r[22].toISOString(),
    updatedAt: r[23].toISOString(),
    archivedAt: r[21]?.toISOString() ?? null,
  };
}

export async function startBareServer({ databaseUrl, accountId, port, host = '127.0.0.1' }) {
  // Crewdesk's own pool size (openDatabase).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  // rowMode 'array', as drizzle reads rows.
  const query = (text, values) => pool.query({ text, values, rowMode: 'array' });

  app.get('/api/customers', async (request, reply) => {
    const limit = Number(request.query.limit ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return reply.code(400).send({ code: 'BAD_REQUEST', message: 'limit' });
    }
    const page = await query(LIST_SQL, [accountId, COUNT_CAP + 1, accountId, limit + 1]);
    const rows = page.rows.slice(0, limit);
    const last = rows.at(-1);
    // The total rides on every row; a first page with no rows has none to count.
    const n = page.rows[0]?.[25] ?? 0;
    return {
      items: rows.map(toCustomer),
      nextCursor:
        page.rows.length > limit && last
          ? Buffer.from(JSON.stringify({ s: 'newest', k: JSON.parse(last[24]) })).toString(
              'base64url',
            )
          : null,
      total: Math.min(n, COUNT_CAP),
      totalCapped: n > COUNT_CAP,
    };
  });

  app.get('/api/customers/:id', async (request, reply) => {
    const { id } = request.params;
    if (!UUID.test(id)) return reply.code(400).send({ code: 'BAD_REQUEST', message: 'id' });
    const { rows } = await query(BY_ID_SQL, [accountId, id]);
    if (!rows[0]) return reply.code(404).send({ code: 'NOT_FOUND', message: 'Customer not found' });
    return toCustomer(rows[0]);
  });

  await app.listen({ port, host });
  return {
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startBareServer({
    databaseUrl: process.env.BARE_DATABASE_URL,
    accountId: process.env.BARE_ACCOUNT_ID,
    port: Number(process.env.PORT ?? 3701),
  });
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  console.log('bare server listening');
}
