/**
 * A parenthesised SQL list of string literals, for fixed sets of enumeration values written in the code
 * (statuses). Never for user input: that always travels as a `$n` parameter.
 */
export const sqlList = (values: readonly string[]): string =>
  `(${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')})`;
