import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL into migrations/; wrangler applies it (`npm run db:migrate`).
export default defineConfig({
  dialect: "sqlite",
  schema: "./drizzle/schema.ts",
  out: "./migrations",
});
