#!/usr/bin/env sh
# The real-window tests (tests/test_real_window.py) need an X server and the tools a person would use:
# Xvfb, the openbox window manager, xdotool and wmctrl to click and type, xterm as another program's window.
# The names in every script (tests/test_every_script.py) need a system font with Chinese and Korean letters:
# WenQuanYi Micro Hei (1.6 MB) has both; the game ships only its small fallbacks (see assets/fonts/README.md).
# Installs whichever is missing, with apt-get (as root, or through sudo).
set -e
missing=""
for tool in Xvfb:xvfb xdotool:xdotool openbox:openbox wmctrl:wmctrl xwininfo:x11-utils xterm:xterm fc-list:fontconfig; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || missing="$missing ${tool#*:}"
done
# 山 (U+5C71) and 김 (U+AE40) in one font
if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list ':charset=5c71 ae40' family)" ]; then
    missing="$missing fonts-wqy-microhei"
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
$sudo apt-get update -qq >/dev/null
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
