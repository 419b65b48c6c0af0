#!/usr/bin/env bash
# Install what `make up` and `make test` need, on a fresh Debian 12 machine as root.
#
# Usage: dev/prereqs.sh [apt] [python] [tools] [node] [frontend]   (no argument: all five)
#
# Each step is skipped when already done: apt asks dpkg which packages are missing, the others
# keep a stamp under var/stamps/ holding the hash of their inputs (lock files, sources), so a
# warm machine gets through all four in well under a second.
set -euo pipefail
cd "$(dirname "$0")/.."

STAMPS=var/stamps
mkdir -p "$STAMPS"

# The servers haplab runs (postgresql, redis-server), what the lab's agents drive (haproxy, the
# load tools, nginx as a synthetic target, mariadb for the mysqlslap-style benchmarks, iproute2
# for network namespaces and tc), bubblewrap for the box `haproxy -c` runs in on the API host,
# and the browser for UI tests.
APT_PACKAGES=(
    postgresql redis-server haproxy nginx libnginx-mod-http-echo
    wrk hey nghttp2-client mariadb-server mariadb-client
    chromium iproute2 openssl bubblewrap prometheus
)
MIN_NODE_MAJOR=20
MIN_NODE_MINOR=19  # vite 8 needs node >= 20.19

say() { printf '==> %s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

hash_of() {  # hash_of FILE... : one hash over the names and contents of the given files
    sha256sum "$@" | sha256sum | cut -c1-16
}

stamp_ok() {  # stamp_ok NAME HASH
    [ -f "$STAMPS/$1" ] && [ "$(cat "$STAMPS/$1")" = "$2" ]
}

timed() {  # timed STEP : run ensure_STEP, then say how long it took
    local start=$SECONDS
    "ensure_$1"
    say "$1: done in $((SECONDS - start))s"
}

# Unprivileged system users haplab drops to when it runs as root: the API's `haproxy -c` box
# (backend/experiments/check_sandbox.py), and on lab hosts HAProxy, nginx and MariaDB, and the
# load tools (agents/privileges.py: --haproxy-user, --target-user, --load-user).
# No home, no shell, no password. No stamp: each run creates those still missing, so a machine
# set up before a user was added gets it on its next `make up` / `make test`.
SYSTEM_USERS=(haplab-check haplab-proxy haplab-target haplab-load)

ensure_users() {
    [ "$(id -u)" -eq 0 ] || { say "users: not root, nothing to create"; return; }
    local user
    for user in "${SYSTEM_USERS[@]}"; do
        id "$user" >/dev/null 2>&1 && continue
        say "users: creating system user $user"
        useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$user"
    done
}

ensure_apt() {
    ensure_users  # system facts like the packages; cheap when they exist
    local installed missing=()
    # dpkg-query exits 1 when it has never heard of a package: that is the "missing" answer.
    installed=$( (dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "${APT_PACKAGES[@]}" 2>/dev/null || true) \
        | awk '$2 == "ii" {print $1}')
    for pkg in "${APT_PACKAGES[@]}"; do
        grep -qx "$pkg" <<<"$installed" || missing+=("$pkg")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        say "apt: all ${#APT_PACKAGES[@]} packages present"
        return
    fi
    say "apt: installing ${missing[*]}"
    as_root apt-get update -qq
    # Debian's maintainer scripts may try to start the services; here nothing starts them, and
    # haplab runs its own PostgreSQL and Redis as child processes anyway.
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

uv_cmd() {
    if command -v uv >/dev/null; then
        echo uv
    elif python3 -m uv --version >/dev/null 2>&1; then
        echo "python3 -m uv"
    else
        return 1
    fi
}

ensure_python() {
    local uv
    if ! uv=$(uv_cmd); then
        say "python: installing uv with pip"
        # Debian's own python3 refuses pip installs (PEP 668) unless told that we mean it.
        python3 -m pip install --quiet uv || python3 -m pip install --quiet --break-system-packages uv
        uv=$(uv_cmd)
    fi
    local key
    # "-pyc": environments synced before bytecode was compiled sync (and compile) once more.
    key="$(hash_of uv.lock pyproject.toml)-pyc"
    if stamp_ok python "$key" && [ -x .venv/bin/python ]; then
        say "python: .venv matches uv.lock"
        return
    fi
    # A lock that lags pyproject.toml means someone forgot `uv lock`: say so loudly, but still
    # sync (uv re-resolves only what changed), so one missing lock update does not stop CI.
    if ! UV_PYTHON_DOWNLOADS=never $uv lock --check >/dev/null 2>&1; then
        say "WARNING: uv.lock is out of date with pyproject.toml; run 'uv lock' and commit uv.lock"
    fi
    say "python: uv sync (extras server, agent, cli, dev)"
    # Never download a Python build (no network for that): use the machine's CPython 3.11+.
    # Bytecode compiled once here: where PYTHONDONTWRITEBYTECODE is set (CI, this sandbox) no
    # process writes it, so each one compiled FastAPI, pydantic, SQLAlchemy ... from source again:
    # importing the API took 7.8 s of CPU instead of 2.2 (every API worker, Celery worker, agent
    # and test process pays that at its start).
    UV_PYTHON_DOWNLOADS=never $uv sync --quiet --compile-bytecode --extra server --extra agent --extra cli --extra dev
    echo "$key" >"$STAMPS/python"
}

ensure_node() {
    if ! command -v node >/dev/null; then
        echo "node is missing: install Node.js >= $MIN_NODE_MAJOR.$MIN_NODE_MINOR" >&2
        exit 1
    fi
    local major minor
    IFS=. read -r major minor _ <<<"$(node -p 'process.versions.node')"
    if [ "$major" -lt $MIN_NODE_MAJOR ] || { [ "$major" -eq $MIN_NODE_MAJOR ] && [ "$minor" -lt $MIN_NODE_MINOR ]; }; then
        echo "node $(node -v) is too old: the frontend needs >= $MIN_NODE_MAJOR.$MIN_NODE_MINOR" >&2
        exit 1
    fi
    local key
    key=$(hash_of package-lock.json package.json frontend/package.json)
    if stamp_ok node "$key" && [ -d node_modules ]; then
        say "node: node_modules matches package-lock.json"
        return
    fi
    say "node: npm ci"
    npm ci --no-audit --no-fund --loglevel=error
    echo "$key" >"$STAMPS/node"
}

# Load tools that Debian does not package, built from the Go module proxy into var/tools/bin
# (the injector finds them there). vegeta is the open-loop driver (docs/architecture.md). Built
# through a throwaway module that requires the pinned version: `go install pkg@version` asks the
# proxy for the module's version list (deprecation check), which some proxies refuse.
VEGETA_VERSION=v12.12.0
TOOLS_BIN="$PWD/var/tools/bin"
# As root the lab runs the tools as the unprivileged load user (agents/privileges.py), who may not
# traverse to the checkout (a clone in a 0700 directory): the tools are also installed where every
# user can run them, and the injector looks there (agents/drivers/vegeta.py SYSTEM_BIN).
SYSTEM_TOOLS_BIN=/usr/local/lib/haplab/bin

ensure_tools() {
    if "$TOOLS_BIN/vegeta" -version 2>/dev/null | grep -qx "Version: $VEGETA_VERSION"; then
        say "tools: vegeta $VEGETA_VERSION present"
    else
        command -v go >/dev/null || { echo "go is missing: install Go >= 1.22 to build vegeta" >&2; exit 1; }
        say "tools: building vegeta $VEGETA_VERSION (about 2 minutes the first time)"
        local mod
        mod=$(mktemp -d)
        printf 'module haplab/tools\n\ngo 1.22\n\nrequire github.com/tsenart/vegeta/v12 %s\n' "$VEGETA_VERSION" >"$mod/go.mod"
        printf '//go:build tools\n\npackage tools\n\nimport _ "github.com/tsenart/vegeta/v12"\n' >"$mod/tools.go"
        (cd "$mod" && go mod tidy && GOBIN="$TOOLS_BIN" CGO_ENABLED=0 go install \
            -ldflags "-s -w -X main.Version=$VEGETA_VERSION" github.com/tsenart/vegeta/v12)
        rm -rf "$mod"
        "$TOOLS_BIN/vegeta" -version | grep -qx "Version: $VEGETA_VERSION"
    fi
    ensure_vegeta_stages
    install_system_tools
}

# The staged-load program (LoadProfile.stages; agents/drivers/vegeta_stages.py): vegeta's library
# at the same pinned version (its go.mod must say $VEGETA_VERSION; go.sum is committed).
VEGETA_STAGES_SRC=agents/tools/vegeta_stages
ensure_vegeta_stages() {
    grep -q "github.com/tsenart/vegeta/v12 $VEGETA_VERSION\$" "$VEGETA_STAGES_SRC/go.mod" || {
        echo "$VEGETA_STAGES_SRC/go.mod must require vegeta $VEGETA_VERSION" >&2
        exit 1
    }
    local key
    key=$(hash_of "$VEGETA_STAGES_SRC/go.mod" "$VEGETA_STAGES_SRC/go.sum" "$VEGETA_STAGES_SRC/main.go")
    if stamp_ok vegeta_stages "$key" && [ -x "$TOOLS_BIN/vegeta_stages" ]; then
        say "tools: vegeta_stages present"
        return
    fi
    command -v go >/dev/null || { echo "go is missing: install Go >= 1.22 to build vegeta_stages" >&2; exit 1; }
    say "tools: building vegeta_stages"
    (cd "$VEGETA_STAGES_SRC" && CGO_ENABLED=0 go build -mod=readonly -trimpath -ldflags "-s -w" \
        -o "$TOOLS_BIN/vegeta_stages" .)
    echo "$key" >"$STAMPS/vegeta_stages"
}

install_system_tools() {
    [ "$(id -u)" = 0 ] || return 0
    local tool
    for tool in vegeta vegeta_stages; do
        cmp -s "$TOOLS_BIN/$tool" "$SYSTEM_TOOLS_BIN/$tool" && continue
        install -D -m 0755 "$TOOLS_BIN/$tool" "$SYSTEM_TOOLS_BIN/$tool"
        say "tools: $tool installed in $SYSTEM_TOOLS_BIN for the lab's load user"
    done
}

frontend_sources() {
    find frontend -path frontend/node_modules -prune -o -path frontend/dist -prune -o -type f -print | sort
}

ensure_frontend() {
    local key
    # shellcheck disable=SC2046 # file names in this repo have no spaces
    key=$(hash_of package-lock.json $(frontend_sources))
    if stamp_ok frontend "$key" && [ -f frontend/dist/index.html ]; then
        say "frontend: dist is up to date"
        return
    fi
    say "frontend: npm run build"
    npm run build --workspace frontend --silent
    echo "$key" >"$STAMPS/frontend"
}

steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(apt python tools node frontend)
for step in "${steps[@]}"; do
    case $step in
        apt | python | tools | node | frontend) timed "$step" ;;
        *) echo "unknown step: $step (apt, python, tools, node, frontend)" >&2; exit 2 ;;
    esac
done
