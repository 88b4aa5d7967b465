import { isUniqueViolation } from "@/lib/core/unique-violation";

const TRIES = 3;

/**
 * Runs a store that takes fresh link codes on each call again when a code was already taken (a unique violation
 * of link_codes_pkey rolls its database transaction back). With 71 random bits a second try is already rare.
 */
export async function retryOnCodeCollision<T>(store: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store();
    } catch (error) {
      if (attempt >= TRIES || !isUniqueViolation(error, "link_codes_pkey")) throw error;
    }
  }
}
