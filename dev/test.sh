#!/usr/bin/env bash
# Run every suite, even after one fails, then print one line per suite and exit non-zero if any
# failed. Usage: dev/test.sh [SUITE...]   (suites: ruff format mypy imports eslint tsc vitest pytest
# e2e; default all). `make test-fast` runs all but e2e, and pytest without the `slow` marker.
#
# pytest goes last so its own summary sits right above ours. PYTEST_ARGS adds arguments
# (e.g. PYTEST_ARGS="-k health -x"); PYTEST_WORKERS=0 runs it serially.
set -uo pipefail
cd "$(dirname "$0")/.."

VENV=.venv/bin
# Three workers on two cores: most of these tests wait on processes they start (PostgreSQL
# databases, uvicorn, agents), so a third keeps the cores busy (466 s -> 316 s measured).
PYTEST_WORKERS=${PYTEST_WORKERS:-3}

suite_cmd() {
    case $1 in
        ruff) echo "$VENV/ruff check ." ;;
        format) echo "$VENV/ruff format --check ." ;;
        mypy) echo "$VENV/mypy contract common agents backend worker haplab_cli dev bench" ;;
        imports) echo "$VENV/lint-imports" ;;
        eslint) echo "npm run lint --workspace frontend --silent" ;;
        tsc) echo "npm run typecheck --workspace frontend --silent" ;;
        vitest) echo "npm run test --workspace frontend --silent" ;;
        pytest)
            local xdist=""
            [ "$PYTEST_WORKERS" != 0 ] && xdist="-n $PYTEST_WORKERS"
            echo "$VENV/pytest $xdist --ignore=tests/e2e --durations=5 ${PYTEST_ARGS:-}"
            ;;
        e2e)
            # One at a time: each end-to-end test loads both cores with real traffic and checks
            # rates and timings; two at once on a 2-core box measure each other. A test that
            # fails is run once more (shown as RERUN): on a shared machine a neighbour's burst can
            # stall the whole box for a second, which a real measurement cannot tell from a
            # regression, while a real regression fails twice. Runs name such stalls themselves
            # (summary.bound.caveats), and the assertions print them; -rfER prints why each rerun was
            # needed, and the slowest tests are listed to keep the suite inside its time.
            echo "$VENV/pytest -p no:xdist tests/e2e --reruns 1 --reruns-delay 5 -rfER --durations=15 ${PYTEST_ARGS:-}"
            ;;
        *) return 1 ;;
    esac
}

ALL_SUITES=(ruff format mypy imports eslint tsc vitest pytest e2e)
suites=("$@")
[ ${#suites[@]} -eq 0 ] && suites=("${ALL_SUITES[@]}")

summary=()
passed=0
failed=0
record() { # suite, exit status, seconds
    if [ "$2" -eq 0 ]; then
        summary+=("ok     $1 ($3s)")
        passed=$((passed + 1))
    else
        summary+=("FAILED $1 ($3s)")
        failed=$((failed + 1))
    fi
}

for suite in "${suites[@]}"; do
    if ! suite_cmd "$suite" >/dev/null; then
        echo "unknown suite: $suite (${ALL_SUITES[*]})" >&2
        exit 2
    fi
done

# The static checks share nothing and each uses one core: they run side by side, each into its
# own log, and are reported in order as if run one by one (~20 s less on 2 cores).
STATIC=" ruff format mypy imports eslint tsc vitest "
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
for suite in "${suites[@]}"; do
    [[ $STATIC == *" $suite "* ]] || continue
    cmd=$(suite_cmd "$suite")
    (
        start=$SECONDS
        # Word splitting of $cmd is intended: it is one of the fixed command lines above.
        $cmd </dev/null >"$logs/$suite.out" 2>&1
        echo "$? $((SECONDS - start))" >"$logs/$suite.status"
    ) &
done
wait

for suite in "${suites[@]}"; do
    cmd=$(suite_cmd "$suite")
    printf '\n==> %s: %s\n' "$suite" "$cmd"
    if [[ $STATIC == *" $suite "* ]]; then
        cat "$logs/$suite.out"
        read -r status seconds <"$logs/$suite.status"
        record "$suite" "$status" "$seconds"
        continue
    fi
    start=$SECONDS
    $cmd </dev/null
    record "$suite" "$?" "$((SECONDS - start))"
done

printf '\n==> summary\n'
printf '  %s\n' "${summary[@]}"
# Worded unlike a test runner's closing line, so CI reads pytest's own count, not ours.
if [ "$failed" -eq 0 ]; then
    echo "all $passed suites ok"
else
    echo "$failed of $((passed + failed)) suites FAILED"
fi
[ "$failed" -eq 0 ]
