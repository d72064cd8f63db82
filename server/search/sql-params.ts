import type { SqlParam } from '@/server/db/db';

/** Collects the values of a query as it is written: `params.add(x)` returns the `$n` placeholder that carries x. */
export class SqlParams {
  readonly values: SqlParam[] = [];

  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
