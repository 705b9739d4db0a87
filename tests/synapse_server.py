"""A Synapse homeserver for the online tests: on 127.0.0.1, in a temp folder, with relaxed rate limits and
cheap password hashing, and users registered with the shared secret. Synapse lives in a venv of its own
(tests/setup-synapse.sh): DICE_PARLOR_SYNAPSE names its python."""

from __future__ import annotations

import json
import socket
import subprocess
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

SECRET = "dice-parlor-tests"
RELAXED = {"per_second": 1000, "burst_count": 1000}
OVERRIDES = {
    "bcrypt_rounds": 4, "registration_shared_secret": SECRET, "enable_registration": False, "report_stats": False,
    "trusted_key_servers": [], "suppress_key_server_warning": True, "presence": {"enabled": False},
    "rc_message": RELAXED, "rc_registration": RELAXED, "rc_room_creation": RELAXED,
    "rc_login": {"address": RELAXED, "account": RELAXED, "failed_attempts": RELAXED},
    "rc_joins": {"local": RELAXED, "remote": RELAXED}, "rc_joins_per_room": RELAXED,
    "rc_invites": {"per_room": RELAXED, "per_user": RELAXED, "per_issuer": RELAXED},
}


@dataclass
class Homeserver:
    url: str
    process: subprocess.Popen
    started_in: float
    folder: Path

    def user(self, name: str) -> str:
        return f"@{name}:localhost"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(python: str, folder: Path, timeout: float = 120.0) -> Homeserver:
    folder.mkdir(parents=True, exist_ok=True)
    config = folder / "homeserver.yaml"
    subprocess.run([python, "-m", "synapse.app.homeserver", "--server-name", "localhost", "--config-path",
                    str(config), "--generate-config", "--report-stats=no", "--data-directory", str(folder)],
                   check=True, capture_output=True, cwd=folder, timeout=timeout)
    port = free_port()
    extra = dict(OVERRIDES, listeners=[{"port": port, "bind_addresses": ["127.0.0.1"], "type": "http",
                                        "tls": False, "x_forwarded": False,
                                        "resources": [{"names": ["client"], "compress": False}]}])
    (folder / "tests.yaml").write_text(json.dumps(extra))  # JSON is YAML: the later file overrides
    url = f"http://127.0.0.1:{port}"
    begun = time.monotonic()
    log = open(folder / "synapse.out", "wb")
    process = subprocess.Popen([python, "-m", "synapse.app.homeserver", "-c", str(config), "-c",
                                str(folder / "tests.yaml")], cwd=folder, stdout=log, stderr=subprocess.STDOUT)
    while time.monotonic() - begun < timeout:
        if process.poll() is not None:
            raise RuntimeError(f"Synapse stopped at start: see {folder / 'synapse.out'}")
        try:
            with urllib.request.urlopen(f"{url}/_matrix/client/versions", timeout=2):
                return Homeserver(url, process, time.monotonic() - begun, folder)
        except OSError:
            time.sleep(0.2)  # polling a server coming up, not timing a test
    process.kill()
    raise RuntimeError(f"Synapse did not answer within {timeout} s")


def register(python: str, server: Homeserver, name: str, password: str) -> str:
    subprocess.run([python, "-m", "synapse._scripts.register_new_matrix_user", "-u", name, "-p", password,
                    "--no-admin", "-k", SECRET, server.url], check=True, capture_output=True, timeout=60)
    return server.user(name)


def stop(server: Homeserver) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()
