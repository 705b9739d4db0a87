#!/usr/bin/env bash
# Installs Synapse (a Matrix homeserver) in a venv of its own for the online tests, and prints the line that
# points the tests at it. Synapse is never a dependency of the game: its venv stays apart.
#   bash tests/setup-synapse.sh [VENV]        (default /tmp/synapse-venv; about 1-2.5 min, ~120 MB)
#   export DICE_PARLOR_SYNAPSE=VENV/bin/python
set -euo pipefail
venv="${1:-/tmp/synapse-venv}"
if ! "$venv/bin/python" -c "import synapse" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "matrix-synapse>=1.100,<2"
fi
"$venv/bin/python" -c "import synapse; print('Synapse', synapse.__version__)" >&2
echo "export DICE_PARLOR_SYNAPSE=$venv/bin/python"
