import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

// V8's explicit compile hint, on the first line of every built chunk: compile all its functions
// eagerly, on a background thread while the file streams in, and keep them in the code cache.
// Otherwise each function is compiled on the main thread the first time it runs: ~100 ms of the
// 50-run Compare page's first draw in a new tab (docs/benchmarks.md). Other browsers see a comment.
// Added to the written files, after minification (which would drop it).
const compileHints: Plugin = {
  name: "haplab-compile-hints",
  apply: "build",
  // On the files as written: Vite prepends its own first line (the preload map) late in
  // generateBundle.
  writeBundle(options, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type !== "chunk") continue;
      const path = join(options.dir ?? "dist", file.fileName);
      writeFileSync(path, `//# allFunctionsCalledOnLoad\n${readFileSync(path, "utf8")}`);
    }
  },
};

export default defineConfig({
  plugins: [react(), compileHints],
  // `npm run dev` serves only the UI: forward /api to the API that `make up` runs (default port).
  server: { proxy: { "/api": "http://127.0.0.1:8300" } },
  build: { outDir: "dist", emptyOutDir: true },
  // Unit tests live next to the code; Playwright specs (e2e/) are not vitest files.
  test: { environment: "node", include: ["src/**/*.test.{ts,tsx}"] },
});
