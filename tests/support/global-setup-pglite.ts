import { setupPglite } from "./global-setup.ts";

// globalSetup runs outside the test workers, so each database kind has its own entry
export default setupPglite;
