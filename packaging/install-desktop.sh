#!/usr/bin/env bash
# Puts the built app (dist/dice-parlor/) into the user's menu, so it starts with a double-click:
# the app under ~/.local/share/dice-parlor-app, a `dice-parlor` command in ~/.local/bin,
# the icons in the hicolor theme and the desktop file in ~/.local/share/applications.
# `packaging/install-desktop.sh --uninstall` takes it all away again.
set -euo pipefail
cd "$(dirname "$0")/.."
DATA="${XDG_DATA_HOME:-$HOME/.local/share}"
APP="$DATA/dice-parlor-app"
BIN="$HOME/.local/bin"

if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$APP" "$BIN/dice-parlor" "$DATA/applications/dice-parlor.desktop"
    find "$DATA/icons/hicolor" -name 'dice-parlor.png' -delete 2>/dev/null || true
    echo "Dice Parlor removed from the menu."
    exit 0
fi

if [ ! -x dist/dice-parlor/dice-parlor ]; then
    echo "No built app in dist/dice-parlor/: run packaging/build.sh first." >&2
    exit 1
fi
rm -rf "$APP"
mkdir -p "$APP" "$BIN" "$DATA/applications"
cp -r dist/dice-parlor/. "$APP/"
ln -sf "$APP/dice-parlor" "$BIN/dice-parlor"
for size in 16 24 32 48 64 128 256 512; do
    mkdir -p "$DATA/icons/hicolor/${size}x${size}/apps"
    cp "assets/icons/dice-parlor-$size.png" "$DATA/icons/hicolor/${size}x${size}/apps/dice-parlor.png"
done
sed "s|^Exec=.*|Exec=$APP/dice-parlor|" packaging/dice-parlor.desktop > "$DATA/applications/dice-parlor.desktop"
command -v update-desktop-database >/dev/null && update-desktop-database "$DATA/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q "$DATA/icons/hicolor" 2>/dev/null || true
echo "Dice Parlor is in your menu (and on your PATH as dice-parlor)."
