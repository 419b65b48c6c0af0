# haplab: `make up` runs the whole thing locally, `make test` runs every suite.
# Both install what is missing first (dev/prereqs.sh; fast when nothing changed).

SHELL := /bin/bash
VENV := .venv/bin

.PHONY: up test test-fast prereqs lint fmt typecheck pytest e2e vitest frontend migration reset-data

## Run PostgreSQL, Redis, the API (with the built UI), the Celery workers (runs, housekeeping with beat, changes, webhooks)
## and the local lab's three agents (dev/up.py); Ctrl-C stops all.
up: prereqs
	@$(VENV)/python dev/up.py

## Every suite: ruff (lint and format), mypy, import contracts, ESLint, tsc, vitest, pytest, then
## the end-to-end suite.
test: prereqs
	@dev/test.sh

## The quick loop (a few minutes): every static check, vitest, and pytest without tests marked
## `slow` (real load, real lab); no end-to-end suite.
test-fast: prereqs
	@PYTEST_ADDOPTS="-m 'not slow' $${PYTEST_ADDOPTS:-}" dev/test.sh ruff format mypy imports eslint tsc vitest pytest

## Install what is missing: apt packages, uv + .venv, node_modules, frontend/dist.
prereqs:
	@dev/prereqs.sh

## The lint checks of `make test` and the pre-commit hooks: lint, format, import contracts, ESLint
## (the hooks also run `make typecheck`'s mypy and tsc).
lint:
	@dev/prereqs.sh python node >/dev/null
	$(VENV)/ruff check .
	$(VENV)/ruff format --check .
	$(VENV)/lint-imports
	npm run lint --workspace frontend --silent

## Rewrites files: ruff's formatter and its safe fixes.
fmt:
	@dev/prereqs.sh python >/dev/null
	$(VENV)/ruff format .
	$(VENV)/ruff check --fix .

## mypy over every Python package (as dev/test.sh's mypy suite) and tsc over the frontend.
typecheck:
	@dev/prereqs.sh python node >/dev/null
	$(VENV)/mypy contract common agents backend worker dev bench haplab_cli
	npm run typecheck --workspace frontend --silent

pytest:
	@dev/prereqs.sh apt python >/dev/null
	@dev/test.sh pytest

## The end-to-end suite alone (real lab, browser): needs the node step for Playwright.
e2e:
	@dev/prereqs.sh >/dev/null
	@dev/test.sh e2e

vitest:
	@dev/prereqs.sh node >/dev/null
	@dev/test.sh vitest

frontend:
	@dev/prereqs.sh node frontend

## Regenerate migrations/versions/0001_initial.py from backend.models (only before a release).
migration:
	@dev/prereqs.sh apt python >/dev/null
	$(VENV)/python dev/regen_initial_migration.py

## Delete the local data of `make up` (database, Redis, logs, admin password and token).
reset-data:
	rm -rf var/pg var/redis var/log var/admin-password var/admin-token var/webhook-secret-key var/celerybeat-schedule*
