import { z } from "zod";

// zod probes `new Function` to compile faster parsers. The CSP forbids eval, so the probe
// only raises a policy violation; parse without it. Imported first by main.tsx so the
// setting is in place before any schema is built.
z.config({ jitless: true });
