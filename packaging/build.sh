#!/usr/bin/env bash
# Builds the standalone app: `packaging/build.sh` makes dist/dice-parlor/ (one folder, starts fastest);
# `packaging/build.sh --onefile` makes the single file dist/onefile/dice-parlor. Each has its own place,
# so building one never replaces the other (install-desktop.sh installs the one folder).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--onefile" ]; then
    DICE_PARLOR_ONEFILE=1 python -m PyInstaller --noconfirm --clean --distpath dist/onefile \
        --workpath build/onefile build.spec
else
    python -m PyInstaller --noconfirm --clean build.spec
fi
