import { setupPostgres } from "./global-setup.ts";

export default setupPostgres;
