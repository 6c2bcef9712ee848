/** The spec's chat error texts (§8), chosen from the server's message. */
export function chatErrorText(message: string): string {
  if (message.includes("Rate limit"))
    return "Too many requests. Please wait a moment and try again.";
  if (message.includes("Monthly usage limit"))
    return "Monthly usage limit reached. Please upgrade your plan.";
  if (message.includes("Authentication")) return "Please sign in to continue.";
  // an assistant whose life area the plan does not include: the server names the plan
  if (/ is part of the \w+ plan\./.test(message)) return message;
  return "Failed to send message. Please try again.";
}

export const OFFLINE_NOT_SENT = "You're offline, so your message was not sent.";
export const UNREACHABLE_NOT_SENT = "Sage could not be reached, so your message was not sent.";

/**
 * What to say when a send failed: offline and unreachable are told apart from the server's
 * own refusals (fetch rejects with a TypeError when no answer came), which keep the spec's
 * texts.
 */
export function sendErrorText(err: unknown, online: boolean): string {
  if (!online) return OFFLINE_NOT_SENT;
  if (err instanceof TypeError) return UNREACHABLE_NOT_SENT;
  return chatErrorText(err instanceof Error ? err.message : "");
}

export const REPLY_FAILED = "I apologize, but I encountered an error. Please try again.";

export function assistantGreeting(domain: string): string {
  return `Hi! I'm your ${domain} assistant. I remember everything about your ${domain} goals and preferences. What would you like to work on today?`;
}
