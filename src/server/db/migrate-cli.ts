import pino from "pino";
import { loggerOptions } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "./open-database.ts";

const config = loadConfig();
// the pool's faults are redacted JSON lines here too, never a dump of the pg client
const database = await openDatabase(config, pino(loggerOptions(config)));
await database.close();
console.log(`Migrations applied (${database.kind}).`);
