import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client.ts';

/**
 * A statement of a hot path, built once per database and prepared under `name`: drizzle builds
 * its SQL once instead of on every request, and PostgreSQL parses it once per connection. The
 * statement's values are placeholders (`sql.placeholder('id')`), given to `execute` each time.
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
      prepared = build(db).prepare(name);
      preparedByDatabase.set(db, prepared);
    }
    return prepared;
  };
}
