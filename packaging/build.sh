#!/usr/bin/env bash
# Builds the standalone app: `packaging/build.sh` makes dist/dice-parlor/ (one folder, starts fastest);
# `packaging/build.sh --onefile` makes the single file dist/dice-parlor instead.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--onefile" ]; then
    export DICE_PARLOR_ONEFILE=1
fi
python -m PyInstaller --noconfirm --clean build.spec
