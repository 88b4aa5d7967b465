// Writes one log line with the app's logger: the object given as JSON in the first argument.
import { logger } from "@/lib/core/log/logger";

logger.info(JSON.parse(process.argv[2]!), "sample");
