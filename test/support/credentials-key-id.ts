// Prints the id of the key this process encrypts gateway credentials with (never the key itself).
import { credentialsKeyring } from "@/lib/core/crypto/credentials-keyring";

process.stdout.write(`${credentialsKeyring().current.id.toString("hex")}\n`);
