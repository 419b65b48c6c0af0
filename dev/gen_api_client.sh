#!/usr/bin/env bash
# Regenerate the API clients from the backend's OpenAPI schema, without a server: the frontend's
# (TypeScript) and the CLI's (Python, openapi-python-client); and the JSON Schema of experiment
# files (contract/experiment_file.py) that every haplab serves.
#
#   dev/gen_api_client.sh            # writes frontend/openapi.json, frontend/src/client/,
#                                    # frontend/public/schemas/experiment.schema.json and
#                                    # haplab_cli/client/
#   dev/gen_api_client.sh OUT_DIR    # writes OUT_DIR/openapi.json, OUT_DIR/client/,
#                                    # OUT_DIR/experiment.schema.json and OUT_DIR/pyclient/ (used by
#                                    # tests/infra/test_api_client_fresh.py to detect stale files)
#
# The schema comes from backend.app.create_app().openapi(), the same document the API serves at
# /api/v1/openapi.json. frontend/src/client/ is generated: never edit it by hand, run this instead.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -ge 1 ]; then
    schema="$1/openapi.json"
    client="$1/client"
    experiment_schema="$1/experiment.schema.json"
    pyclient="$1/pyclient"
else
    schema="frontend/openapi.json"
    client="frontend/src/client"
    experiment_schema="frontend/public/schemas/experiment.schema.json"
    pyclient="haplab_cli/client"
fi
mkdir -p "$(dirname "$schema")" "$(dirname "$experiment_schema")"

.venv/bin/python - "$schema" "$experiment_schema" <<'PY'
import json
import sys

from backend.app import create_app
from contract.experiment_file import experiment_json_schema

for path, document in ((sys.argv[1], create_app().openapi()), (sys.argv[2], experiment_json_schema())):
    with open(path, "w") as f:
        json.dump(document, f, indent=2, sort_keys=False)
        f.write("\n")
PY

# The config (frontend/openapi-ts.config.ts) reads the paths from these variables. The binary is
# called directly (not through npm exec, which costs seconds): npm may have installed the pinned
# version under frontend/node_modules or hoisted it to the root.
bin=frontend/node_modules/.bin/openapi-ts
[ -x "$bin" ] || bin=node_modules/.bin/openapi-ts
HAPLAB_OPENAPI_INPUT="$(realpath "$schema")" HAPLAB_CLIENT_OUTPUT="$(realpath -m "$client")" \
    bash -c 'cd frontend && exec "$0" --file openapi-ts.config.ts' "$(realpath "$bin")" >/dev/null
PATH="$PWD/.venv/bin:$PATH" .venv/bin/openapi-python-client generate --path "$schema" --config haplab_cli/openapi-client.yaml \
    --meta none --output-path "$pyclient" --overwrite >/dev/null 2>&1 ||
    PATH="$PWD/.venv/bin:$PATH" .venv/bin/openapi-python-client generate --path "$schema" --config haplab_cli/openapi-client.yaml \
        --meta none --output-path "$pyclient" --overwrite
echo "API client written to $client (schema: $schema); experiment file schema: $experiment_schema; CLI client: $pyclient"
