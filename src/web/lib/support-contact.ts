/** Where people reach a human: the footer, the legal pages and error screens link here. */
export const SUPPORT_EMAIL = "support@sage.app";
