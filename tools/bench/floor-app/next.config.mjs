// The framework floor: a bare Next.js app whose route handlers do only the baseline's one SQL statement.
const config = { serverExternalPackages: ["pg"], poweredByHeader: false };
export default config;
