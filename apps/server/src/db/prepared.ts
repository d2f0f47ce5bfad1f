import { Column, is, sql, SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client.ts';

/**
 * A statement of a hot path, built once per database and prepared under `name`: drizzle builds
 * its SQL once instead of on every request, and PostgreSQL parses it once per connection. The
 * statement's values are placeholders (`sql.placeholder('id')`), given to `execute` each time.
 * Its rows are read by a mapper made once for the statement (`compiledRowMapper`).
 *
 * A transaction runs on a connection of its own, so it gets the statement built afresh (not
 * prepared): `statementFor(tx)` still works, only without the saving.
 */
export function preparedStatement<Prepared>(
  name: string,
  build: (db: DbOrTx) => { prepare(name: string): Prepared },
): (db: DbOrTx) => Prepared {
  const preparedByDatabase = new WeakMap<Db, Prepared>();
  return (db) => {
    if (db instanceof PgTransaction) return build(db).prepare(name);
    let prepared = preparedByDatabase.get(db);
    if (!prepared) {
      prepared = withCompiledRowMapper(build(db).prepare(name));
      preparedByDatabase.set(db, prepared);
    }
    return prepared;
  };
}

/** What drizzle's prepared select keeps about its columns (not part of its typed API). */
interface PreparedSelectInternals {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The column's, or the SQL expression's, reader of driver values (as drizzle's mapResultRow). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // An SQL expression keeps its reader (`mapWith`) out of its typed API.
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  // An aliased expression (`sql`...`.as('name')`) or a subquery's column.
  const aliased = field as { sql?: { decoder: Decoder }; _?: { sql: { decoder: Decoder } } };
  return (aliased.sql ?? aliased._?.sql)!.decoder;
}

/** drizzle's readers that give the driver's value back as it is (a column's, an expression's). */
const IDENTITY_READERS = new Set([
  (Column.prototype as Decoder).mapFromDriverValue,
  decoderOf(sql`1`).mapFromDriverValue,
]);

/** Whether the reader is one of drizzle's identities (a column type that does not convert). */
function readsAsItIs(decoder: Decoder): boolean {
  return IDENTITY_READERS.has(decoder.mapFromDriverValue);
}

/**
 * drizzle maps each row by looking up every column's kind again (`is(field, Column)`, walking
 * class chains): ~9 % of a contacts page's server CPU. The same mapping, with each column's path
 * and reader found once per statement. A select whose joined tables may be all null (a left
 * join) keeps drizzle's own mapping, which nulls them.
 */
export function compiledRowMapper(
  internals: PreparedSelectInternals,
): ((row: unknown[]) => Record<string, unknown>) | undefined {
  const { fields, joinsNotNullableMap } = internals;
  if (!fields) return undefined;
  if (joinsNotNullableMap && Object.values(joinsNotNullableMap).some((notNull) => !notNull)) {
    return undefined;
  }
  const columns = fields.map(({ path, field }, index) => {
    const decoder = decoderOf(field);
    return {
      parents: path.slice(0, -1),
      key: path[path.length - 1]!,
      // Most columns (text, uuid, integers) read the driver's value as it is: no call for those.
      decode: readsAsItIs(decoder) ? undefined : decoder,
      index,
    };
  });
  return (row) => {
    const result: Record<string, unknown> = {};
    for (const { parents, key, decode, index } of columns) {
      let node = result;
      for (const parent of parents) node = (node[parent] ??= {}) as Record<string, unknown>;
      const raw = row[index];
      node[key] = raw === null || !decode ? raw : decode.mapFromDriverValue(raw);
    }
    return result;
  };
}

function withCompiledRowMapper<Prepared>(prepared: Prepared): Prepared {
  const internals = prepared as PreparedSelectInternals;
  if (internals.customResultMapper) return prepared;
  const mapRow = compiledRowMapper(internals);
  if (mapRow) internals.customResultMapper = (rows) => rows.map(mapRow);
  return prepared;
}
