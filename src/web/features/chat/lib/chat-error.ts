/** The spec's chat error texts (§8), chosen from the server's message. */
export function chatErrorText(message: string): string {
  if (message.includes("Rate limit"))
    return "Too many requests. Please wait a moment and try again.";
  if (message.includes("Monthly usage limit"))
    return "Monthly usage limit reached. Please upgrade your plan.";
  if (message.includes("Authentication")) return "Please sign in to continue.";
  return "Failed to send message. Please try again.";
}

export const REPLY_FAILED = "I apologize, but I encountered an error. Please try again.";

export function assistantGreeting(domain: string): string {
  return `Hi! I'm your ${domain} assistant. I remember everything about your ${domain} goals and preferences. What would you like to work on today?`;
}
