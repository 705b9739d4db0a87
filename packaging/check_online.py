"""Checks that the built app plays online: two copies of it, a host and a joiner, play a whole Classic game
and, at the same time, two more a whole Jackpot game, over a real Synapse on 127.0.0.1 (tests/setup-synapse.sh
installs it; DICE_PARLOR_SYNAPSE names its python). A bundle that left out what matrix-nio needs (ssl, email,
http) fails here, not at a family's table. The suite's own Synapse test plays a Classic game from the source
with a copy killed and started again; this one keeps the Jackpot game out of the suite's ten minutes.

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


VARIANTS = ("classic", "jackpot")  # a scorecard game and the tile game: every kind of message


def account(python: str, server: synapse_server.Homeserver, place: Path, name: str) -> tuple[str, Path]:
    password = place / f"{name}.password"
    password.write_text(f"pw-{name}\n")
    return synapse_server.register(python, server, name, f"pw-{name}"), password


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
            games = {}
            for variant in VARIANTS:  # both games at once, as two families would
                host_user, host_pw = account(python, server, place, f"host-{variant}")
                guest_user, guest_pw = account(python, server, place, f"guest-{variant}")
                host = seat(app, server, host_user, host_pw, "host", "--variant", variant, "--invite", guest_user,
                            home=place / f"host-{variant}")
                first = json.loads(host.stdout.readline() or "{}")  # the room exists and the guest is invited
                if "room" not in first:
                    sys.exit(f"check_online: the {variant} host said no room first: {first}")
                guest = seat(app, server, guest_user, guest_pw, "join", "--room", first["room"],
                             home=place / f"guest-{variant}")
                games[variant] = (host, guest)
            for variant, (host, guest) in games.items():
                guests, hosts = finish(guest), finish(host)
                if not (hosts and guests and hosts[-1] == guests[-1] and "game_over" in hosts[-1]):
                    sys.exit(f"check_online: the two copies did not end the same {variant} game: "
                             f"{hosts[-1:]} against {guests[-1:]}")
                print(f"online: two built copies played {variant} over Synapse to {hosts[-1]['game_over']['scores']}")
        finally:
            synapse_server.stop(server)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
