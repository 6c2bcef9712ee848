// Imported (for its effect) by every web module that validates with zod. Zod probes whether
// it may compile validators with `new Function`; our CSP forbids eval (script-src 'self'),
// so the probe only logs a CSP violation. Jitless mode skips the probe; the server, under no
// CSP, keeps the compiled validators.
import { config } from "zod";

config({ jitless: true });
