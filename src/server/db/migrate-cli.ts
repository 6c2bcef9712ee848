import { loadConfig } from "../config.ts";
import { openDatabase } from "./open-database.ts";

const config = loadConfig();
const database = await openDatabase(config, console);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
