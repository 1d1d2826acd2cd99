/**
 * SQL pieces every feature's search uses: LIKE patterns of what a person typed, and a match on a
 * localized name (a jsonb column with one text per locale).
 */
import { sql, type Column, type SQL } from "drizzle-orm";

/** Escapes LIKE wildcards so the user's text matches literally (escape character "\"). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** SQL: the localized name in `column` contains `keyword` in any language (case-insensitive, wildcards escaped). */
export function anyLocaleContains(column: Column, keyword: string): SQL {
  const pattern = `%${escapeLike(keyword)}%`;
  return sql`(${column}->>'zh' ilike ${pattern} or ${column}->>'zh-tw' ilike ${pattern} or ${column}->>'en' ilike ${pattern})`;
}
