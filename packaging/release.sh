#!/usr/bin/env bash
# Builds the app and packs it for a release into dist/release/, with its SHA256SUMS:
#   Linux    dice-parlor-VERSION-linux-x86_64.tar.gz   the one-folder app (run bits kept), install-desktop.sh
#   macOS    dice-parlor-VERSION-macos-arm64.zip        Dice Parlor.app, ad-hoc signed, zipped by ditto
#            (or -macos-x86_64 on an Intel Mac)
#   Windows  dice-parlor-VERSION-windows-x86_64.zip     the one-folder app, dice-parlor-cli.exe beside the game
# The build tools are installed at the versions in packaging/constraints.txt (in a venv, or on CI).
#   packaging/release.sh             install, build, pack
#   packaging/release.sh --no-build  pack the app already in dist/ (.ci/run tests it before packing it)
#   packaging/release.sh --name      print the archive's name, and do nothing else
# On Linux, GLIBC_FLOOR=2.35 (the workflow sets it) fails the pack if the app needs a newer glibc.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python}

VERSION=$("$PYTHON" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
case "$(uname -s)" in
    Linux) SYSTEM=linux; EXT=tar.gz ;;
    Darwin) SYSTEM=macos; EXT=zip ;;
    MINGW* | MSYS* | CYGWIN*) SYSTEM=windows; EXT=zip ;;
    *) echo "release.sh: no archive is made on $(uname -s)" >&2; exit 1 ;;
esac
case "$(uname -m)" in
    x86_64 | amd64 | AMD64) ARCH=x86_64 ;;
    arm64 | aarch64) ARCH=arm64 ;;
    *) ARCH=$(uname -m) ;;
esac
FOLDER="dice-parlor-$VERSION"
NAME="$FOLDER-$SYSTEM-$ARCH.$EXT"
if [ "${1:-}" = "--name" ]; then
    echo "$NAME"
    exit 0
fi

if [ "${1:-}" != "--no-build" ]; then
    if [ -z "${CI:-}" ] && ! "$PYTHON" -c 'import sys; sys.exit(sys.prefix == sys.base_prefix)'; then
        echo "release.sh installs pinned build tools: run it in a venv (python3 -m venv .venv && . .venv/bin/activate)" >&2
        exit 1
    fi
    "$PYTHON" -m pip install -q -c packaging/constraints.txt -e '.[build]'
    "$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN build.spec
fi

OUT=dist/release
rm -rf "$OUT"
mkdir -p "$OUT"
case "$SYSTEM" in
    linux)
        test -x dist/dice-parlor/dice-parlor || { echo "release.sh: no app in dist/dice-parlor/" >&2; exit 1; }
        STAGE=build/release
        rm -rf "$STAGE"
        mkdir -p "$STAGE"
        cp -a dist/dice-parlor "$STAGE/$FOLDER"
        cp -a packaging/install-desktop.sh LICENSE "$STAGE/$FOLDER/"
        # the newest glibc symbol version anything in the app asks for: the oldest Linux it starts on
        NEEDS=$(find "$STAGE/$FOLDER" -type f \( -name '*.so*' -o -perm -u+x \) -exec objdump -T {} + 2>/dev/null \
            | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -Vu | tail -1 || true)
        echo "release.sh: the app needs glibc ${NEEDS:-?} or newer"
        if [ -n "${GLIBC_FLOOR:-}" ] && [ "$(printf '%s\n%s\n' "$NEEDS" "$GLIBC_FLOOR" | sort -V | tail -1)" != "$GLIBC_FLOOR" ]; then
            echo "release.sh: glibc $NEEDS is newer than the floor, $GLIBC_FLOOR" >&2
            exit 1
        fi
        tar -C "$STAGE" --owner=0 --group=0 --numeric-owner --sort=name -czf "$OUT/$NAME" "$FOLDER"
        rm -rf "$STAGE"
        ;;
    macos)
        APP="dist/Dice Parlor.app"
        test -d "$APP" || { echo "release.sh: no $APP" >&2; exit 1; }
        codesign --force --deep -s - "$APP"  # ad-hoc: not a Developer ID, but Apple Silicon runs only signed code
        codesign --verify --deep --strict "$APP"
        ditto -c -k --keepParent "$APP" "$OUT/$NAME"  # keeps the bundle's links, modes and signature
        ;;
    windows)
        test -f dist/dice-parlor/dice-parlor.exe || { echo "release.sh: no app in dist/dice-parlor/" >&2; exit 1; }
        "$PYTHON" - "$OUT/$NAME" "$FOLDER" <<'EOF'
import sys, zipfile
from pathlib import Path
archive, folder = sys.argv[1], sys.argv[2]
app = Path("dist/dice-parlor")
with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for path in sorted(app.rglob("*")):
        out.write(path, f"{folder}/{path.relative_to(app).as_posix()}")
    out.write("LICENSE", f"{folder}/LICENSE")
EOF
        ;;
esac
(cd "$OUT" && if command -v sha256sum >/dev/null; then sha256sum "$NAME"; else shasum -a 256 "$NAME"; fi) > "$OUT/SHA256SUMS"
echo "release.sh: $OUT/$NAME ($(du -h "$OUT/$NAME" | cut -f1))"
