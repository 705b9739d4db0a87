#!/usr/bin/env bash
# Puts Dice Parlor into your Linux menu: run it from the unpacked release archive (it sits beside the
# dice-parlor program there) or from a checkout where the app was built (dist/dice-parlor/). The app does
# the work (`dice-parlor --install-desktop`): it copies itself to ~/.local/share/dice-parlor-app, adds a
# dice-parlor command to ~/.local/bin, the icons, the desktop entry and the AppStream metainfo.
# `install-desktop.sh --uninstall` takes it all away again.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
for app in "$here/dice-parlor" "$here/../dist/dice-parlor/dice-parlor"; do
    if [ -f "$app" ] && [ -x "$app" ]; then
        if [ "${1:-}" = "--uninstall" ]; then exec "$app" --uninstall-desktop; fi
        exec "$app" --install-desktop
    fi
done
echo "No built app beside this script or in dist/dice-parlor/: run packaging/build.sh first." >&2
exit 1
