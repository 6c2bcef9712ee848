import { and, desc, eq, sql } from "drizzle-orm";
import type { DomainContextItem } from "../../core/contract/domain-contexts.ts";
import type { Db } from "../db/client.ts";
import { domainContexts } from "../db/schema.ts";
import { toDomainContextItem } from "./save-domain-context.ts";

/** The user's active assistants: the productivity one first (the live assistant), then newest. */
export async function listDomainContexts(db: Db, userId: string): Promise<DomainContextItem[]> {
  const rows = await db
    .select()
    .from(domainContexts)
    .where(and(eq(domainContexts.userId, userId), eq(domainContexts.isActive, true)))
    .orderBy(
      sql`case when ${domainContexts.domain} = 'productivity' then 0 else 1 end`,
      desc(domainContexts.updatedAt),
    );
  return rows.map(toDomainContextItem);
}
