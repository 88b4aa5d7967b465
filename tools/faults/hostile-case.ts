import type { Answer, Expectation } from "./hostile-http";

/** One hostile request: where it goes, what it must get back, and which tables it may touch (none by default). */
export interface HostileCase {
  surface: string;
  name: string;
  send: () => Promise<Answer>;
  expect: Expectation;
  mayChange?: string[];
  /** What the table shows beside the answer (which fields a page showed). */
  note?: (answer: Answer) => string;
}
