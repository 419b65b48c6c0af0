import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  // `npm run dev` serves only the UI: forward /api to the API that `make up` runs (default port).
  server: { proxy: { "/api": "http://127.0.0.1:8300" } },
  build: { outDir: "dist", emptyOutDir: true },
  // Unit tests live next to the code; Playwright specs (e2e/) are not vitest files.
  test: { environment: "node", include: ["src/**/*.test.{ts,tsx}"] },
});
