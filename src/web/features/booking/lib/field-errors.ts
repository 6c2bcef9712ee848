/**
 * The server's 400 names each offending field ("name: name must not be empty; email: Enter a
 * valid e-mail address", src/server/errors.ts). Splits it so each message sits beside its
 * field; what names no field of this form stays one message for the whole form.
 */
export function fieldErrors<F extends string>(
  message: string,
  fields: readonly F[],
): { fields: Partial<Record<F, string>>; rest: string | null } {
  const found: Partial<Record<F, string>> = {};
  const rest: string[] = [];
  for (const part of message.split("; ")) {
    const match = /^([A-Za-z]+)(?:\.[\w.]+)?: (.+)$/.exec(part);
    const field = match?.[1] as F | undefined;
    if (match && field && fields.includes(field) && !found[field]) {
      const text = match[2]!;
      found[field] = text.charAt(0).toUpperCase() + text.slice(1);
    } else rest.push(part);
  }
  return { fields: found, rest: rest.length > 0 ? rest.join("; ") : null };
}
