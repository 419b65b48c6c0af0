// @hey-api/openapi-ts: generates src/client/ from openapi.json (run dev/gen_api_client.sh).
// The fetch client sends cookies (same origin); the TanStack Query plugin gives typed
// queryOptions / mutation helpers; the schemas plugin exports the JSON Schemas, whose
// `description`s (the pydantic Field descriptions of contract/) become the designer's help text.
import { defineConfig } from "@hey-api/openapi-ts";

export default defineConfig({
  input: process.env.HAPLAB_OPENAPI_INPUT ?? "openapi.json",
  output: { path: process.env.HAPLAB_CLIENT_OUTPUT ?? "src/client" },
  plugins: [
    "@hey-api/client-fetch",
    "@hey-api/typescript",
    "@hey-api/sdk",
    "@hey-api/schemas",
    "@tanstack/react-query",
  ],
});
