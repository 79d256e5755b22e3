#!/usr/bin/env bash
# Set up and run every check: install (editable, with dev tools), lint, type-check, layers, test.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check -e '.[dev]'
python3 -m ruff check .
python3 -m mypy
lint-imports  # the layers DESIGN.md draws (.importlinter); tests/test_imports.py finds any import circle
exec python3 -m pytest "$@"  # exec: a SIGTERM to this script reaches pytest, which stops its servers
