import pg from "pg";

// One pool per process, as large as the app's and the baseline's.
const holder = globalThis;
export const pool = (holder.__benchPool ??= new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 }));
