import { z } from "zod";

// Import this first in any web module that builds zod schemas (before @shared schemas are evaluated).
// zod compiles object parsers with `new Function` when it may; the CSP forbids eval (script-src 'self'), and
// even zod's probe for it is reported as a violation. The interpreted parser is plenty fast for one form.
z.config({ jitless: true });
