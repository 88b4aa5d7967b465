import { createKnetStandIn } from "../../test/support/knet-stand-in";
import { KNET_TERMINAL } from "./credentials";

// KNET's payment page and transaction service for the e2e run (playwright.config.ts starts it with tsx on
// E2E_KNET_PORT; the app reaches it through KNET_BASE_URL).
const port = Number(process.env.E2E_KNET_PORT ?? 4100);
const standIn = createKnetStandIn(KNET_TERMINAL);
void standIn.listen(port).then((url) => console.log(`KNET stand-in on ${url}`));
process.on("SIGTERM", () => void standIn.close().then(() => process.exit(0)));
