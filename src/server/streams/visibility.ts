import { sql, type Placeholder } from "drizzle-orm";

/**
 * Issue 20's rule, the one place it is written: `user` may see the item `a` (an alias of pulse.project_aliases in
 * the query) when it is company-wide or `user` is among its viewers. Every read and correction of items applies it.
 */
export const visibleItem = (user: string | Placeholder) =>
  sql`(a.company_wide OR EXISTS (
    SELECT 1 FROM pulse.project_alias_viewers v WHERE v.alias_id = a.id AND v.user_id = ${user}::uuid))`;
