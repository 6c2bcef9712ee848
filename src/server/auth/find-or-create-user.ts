import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";

export type User = { id: string; email: string };

/** Development sign-in: the user is keyed by e-mail. Safe under concurrent first sign-ins. */
export async function findOrCreateUserByEmail(db: Db, email: string): Promise<User> {
  await db.insert(users).values({ email }).onConflictDoNothing();
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email));
  return row!;
}

/**
 * Google sign-in: the user is keyed by the stable `sub`. An existing account with the same
 * e-mail and no Google link is linked only when Google says the address is verified.
 */
export async function findOrCreateGoogleUser(
  db: Db,
  identity: { sub: string; email: string; emailVerified: boolean },
): Promise<User> {
  const [bySub] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.googleSub, identity.sub));
  if (bySub) return bySub;

  const [byEmail] = await db
    .select({ id: users.id, email: users.email, googleSub: users.googleSub })
    .from(users)
    .where(eq(users.email, identity.email));
  if (byEmail) {
    if (byEmail.googleSub || !identity.emailVerified) {
      throw new Error("This e-mail address belongs to another account.");
    }
    await db.update(users).set({ googleSub: identity.sub }).where(eq(users.id, byEmail.id));
    return { id: byEmail.id, email: byEmail.email };
  }
  const [created] = await db
    .insert(users)
    .values({ email: identity.email, googleSub: identity.sub })
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  if (created) return created;
  // a concurrent callback for the same account won the insert
  const [again] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.googleSub, identity.sub));
  if (!again) throw new Error("Could not create the account.");
  return again;
}
