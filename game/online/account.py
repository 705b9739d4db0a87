"""The player's Matrix account: signing in, the access token kept, signing out.

Signing in takes a homeserver's URL (or finds it from the user ID through ``/.well-known/matrix/client``), the
user ID, and a password or an access token. Only the access token is kept, in the config folder, in a file
readable by the user alone (mode 0600); the password is never written anywhere. Signing out tells the server
the token is done with (if it can be reached) and removes the file.

Plain HTTP through the standard library (the few calls signing in needs): nothing here needs matrix-nio, so
the window can offer signing in even where the ``online`` extra is missing. Every failure is an
``OnlineError`` of one line: a wrong password, an unreachable server, a server that takes no passwords (and
how to get a token instead), a token the server does not know.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from game.errors import one_line
from game.online.protocol import USER
from game.online.transport import OnlineError
from game.paths import read_file, user_config_dir

FILE = "matrix-account.json"
SECONDS = 15  # one request's longest wait: a server that does not answer is unreachable
MAX_ANSWER = 1 << 20  # bytes read of an answer: a server is not trusted to be small
TOKEN_HELP = ("sign in with an access token instead (in Element: Settings, Help & About, Access token; "
              "or ask your server's admin)")


@dataclass(frozen=True)
class Account:
    """A signed-in account: where, who, and the access token (never the password)."""

    homeserver: str
    user: str
    token: str
    device: str = ""


# --------------------------------------------------------------------------------------------- kept --
def account_path() -> Path:
    return user_config_dir() / FILE


def load() -> Account | None:
    """The account kept from the last sign-in, or None (none kept, or a file that is not one: signed out)."""
    try:
        data = json.loads(read_file(account_path(), 65536).decode("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not all(isinstance(data.get(key), str) and data.get(key)
                                             for key in ("homeserver", "user", "token")):
        return None
    device = data.get("device")
    return Account(data["homeserver"], data["user"], data["token"], device if isinstance(device, str) else "")


def keep(account: Account) -> None:
    """Write the account, readable by the user alone (created 0600, never world-readable even for a moment)."""
    path = account_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = path.with_name(path.name + ".new")
    try:
        fresh.unlink()
    except FileNotFoundError:
        pass
    text = json.dumps({"homeserver": account.homeserver, "user": account.user, "token": account.token,
                       "device": account.device})
    descriptor = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(text)
    os.chmod(fresh, 0o600)  # whatever the umask made of it
    os.replace(fresh, path)


def forget() -> None:
    try:
        account_path().unlink()
    except FileNotFoundError:
        pass


# ----------------------------------------------------------------------------------------- the server --
def _call(method: str, url: str, body: dict | None = None, token: str | None = None) -> tuple[int, dict]:
    """One request: its status and its JSON object (empty if the answer held none). Unreachable: OnlineError."""
    request = urllib.request.Request(url, method=method, data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=SECONDS) as reply:  # noqa: S310 (the player's own server)
            status, raw = reply.status, reply.read(MAX_ANSWER)
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read(MAX_ANSWER)
    except (TimeoutError, urllib.error.URLError, OSError, ValueError) as error:
        why = getattr(error, "reason", None) or error
        host = urlsplit(url).netloc or url
        raise OnlineError(f"cannot reach {one_line(host, 80)}: {one_line(str(why), 80)}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        data = {}
    return status, data if isinstance(data, dict) else {}


def server_of(user: str) -> str:
    """The server part of a Matrix ID, which must look like @name:server."""
    if not USER.fullmatch(user or ""):
        raise OnlineError(f"a Matrix ID looks like @name:example.org, not {one_line(user or '(nothing)', 60)!r}")
    return user.split(":", 1)[1]


def normal_url(url: str) -> str:
    url = url.strip().rstrip("/")
    return url if "://" in url else f"https://{url}"


def discover(user: str) -> str:
    """The homeserver of ``user``: what its server's ``.well-known`` names, else the server itself."""
    server = server_of(user)
    try:
        status, data = _call("GET", f"https://{server}/.well-known/matrix/client")
    except OnlineError:
        status, data = 0, {}
    base = data.get("m.homeserver", {}).get("base_url") if isinstance(data.get("m.homeserver"), dict) else None
    if status == 200 and isinstance(base, str) and base.startswith(("https://", "http://")):
        return base.rstrip("/")
    return f"https://{server}"


def sign_in(homeserver: str, user: str, password: str = "", token: str = "") -> Account:
    """Sign in with a password or an access token (either; the token first): the account to keep."""
    user = user.strip()
    server_of(user)
    url = normal_url(homeserver) if homeserver.strip() else discover(user)
    if token.strip():
        status, data = _call("GET", f"{url}/_matrix/client/v3/account/whoami", token=token.strip())
        if status == 401:
            raise OnlineError("the server does not know this access token (it may have been signed out)")
        if status != 200 or not isinstance(data.get("user_id"), str):
            raise OnlineError(f"the server refused the access token: {_why(status, data)}")
        if data["user_id"] != user:
            raise OnlineError(f"this access token is {one_line(data['user_id'], 60)}'s, not {one_line(user, 60)}'s")
        device = data.get("device_id")
        return Account(url, user, token.strip(), device if isinstance(device, str) else "")
    if not password:
        raise OnlineError("type a password or an access token")
    status, flows = _call("GET", f"{url}/_matrix/client/v3/login")
    kinds = [flow.get("type") for flow in flows.get("flows", []) if isinstance(flow, dict)]
    if status == 200 and kinds and "m.login.password" not in kinds:
        raise OnlineError(f"this server does not take passwords here: {TOKEN_HELP}")
    status, data = _call("POST", f"{url}/_matrix/client/v3/login", {
        "type": "m.login.password", "identifier": {"type": "m.id.user", "user": user}, "password": password,
        "initial_device_display_name": "Dice Parlor"})
    if status == 200 and isinstance(data.get("access_token"), str):
        device = data.get("device_id")
        return Account(url, str(data.get("user_id") or user), data["access_token"],
                       device if isinstance(device, str) else "")
    if status == 403 and data.get("errcode") in ("M_FORBIDDEN", None):
        raise OnlineError("the server refused the user or password")
    if status == 404 and not data:
        raise OnlineError(f"{one_line(url, 80)} is no Matrix homeserver (nothing answers at its login)")
    if data.get("errcode") in ("M_UNKNOWN", "M_UNRECOGNIZED", "M_INVALID_PARAM") and "password" in str(
            data.get("error", "")).lower():
        raise OnlineError(f"this server does not take passwords here: {TOKEN_HELP}")
    if status == 429:
        seconds = round(data.get("retry_after_ms", 5000) / 1000) if type(data.get("retry_after_ms")) is int else 5
        raise OnlineError(f"the server asks us to wait {seconds} s before trying again")
    raise OnlineError(f"the server refused to sign us in: {_why(status, data)}")


def sign_out(account: Account) -> None:
    """Forget the account here; tell the server its token is done with, if it can be reached (else it stays
    valid there until signed out from another app: the file is gone all the same)."""
    forget()
    try:
        _call("POST", f"{account.homeserver}/_matrix/client/v3/logout", {}, token=account.token)
    except OnlineError:
        pass


def _why(status: int, data: dict) -> str:
    return one_line(str(data.get("error") or data.get("errcode") or f"HTTP {status}"), 100)


