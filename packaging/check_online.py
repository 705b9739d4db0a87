"""Checks that the built app plays online: two copies of it, a host and a joiner, play a whole Classic game
over a real Synapse on 127.0.0.1 (tests/setup-synapse.sh installs it; DICE_PARLOR_SYNAPSE names its python).
A bundle that left out what matrix-nio needs (ssl, email, http) fails here, not at a family's table.

Run: python packaging/check_online.py dist/dice-parlor/dice-parlor (CI runs it after building).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
import synapse_server  # noqa: E402  (the tests' homeserver, shared rather than written twice)

GAME_SECONDS = 300  # a whole game takes ~20 s; this is a hang, not a slow game


def seat(app: str, server: synapse_server.Homeserver, user: str, password: Path, role: str, *extra: str,
         home: Path) -> subprocess.Popen:
    return subprocess.Popen([app, "online", role, "--homeserver", server.url, "--user", user, "--password-file",
                             str(password), "--level", "medium", "--json", *extra], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=dict(os.environ, DICE_PARLOR_HOME=str(home)))


def finish(process: subprocess.Popen) -> list[dict]:
    out, err = process.communicate(timeout=GAME_SECONDS)
    if process.returncode != 0:
        sys.exit(f"check_online: a seat ended with {process.returncode}: {err.strip()[-600:]}")
    return [json.loads(line) for line in out.splitlines()]


def main(app: str) -> None:
    python = os.environ.get("DICE_PARLOR_SYNAPSE")
    if not python:
        sys.exit("check_online: DICE_PARLOR_SYNAPSE is not set (tests/setup-synapse.sh prints it)")
    with tempfile.TemporaryDirectory() as folder:
        place = Path(folder)
        server = synapse_server.start(python, place / "synapse")
        try:
            accounts = []
            for name in ("ann", "bob"):
                password = place / f"{name}.password"
                password.write_text(f"pw-{name}\n")
                accounts.append((synapse_server.register(python, server, name, f"pw-{name}"), password))
            (ann, ann_pw), (bob, bob_pw) = accounts
            host = seat(app, server, ann, ann_pw, "host", "--variant", "classic", "--invite", bob,
                        home=place / "ann")
            first = json.loads(host.stdout.readline() or "{}")  # the room exists and Bob is invited
            if "room" not in first:
                sys.exit(f"check_online: the host said no room first: {first} {host.stderr.read()[-600:]}")
            join = seat(app, server, bob, bob_pw, "join", "--invited", home=place / "bob")
            bobs, anns = finish(join), [first] + finish(host)
        finally:
            synapse_server.stop(server)
    if not (anns and bobs and anns[-1] == bobs[-1] and "game_over" in anns[-1]):
        sys.exit(f"check_online: the two copies did not end the same game: {anns[-1:]} against {bobs[-1:]}")
    print(f"online: two built copies played Classic over Synapse to {anns[-1]['game_over']['scores']}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
