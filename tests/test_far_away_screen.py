"""The "Far away" screen and the title's word for it: signing in by typing and clicking, a game started with
its invitations, the games listed, "Your turn in N games", no online play at a kiosk, and frames that go on
while the network is slow (the lobby's answers come on its thread)."""

import threading

import pygame
import pytest
from helpers import kiosk_at_title
from scene_driver import Driver
from test_kiosk import CONFIG

from game.online import account as accounts
from game.online.account import Account
from game.online.lobby import AtOnce, Lobby
from game.online.transport import MemoryServer, MemoryTransport
from game.rules.variants import find_variant
from scenes.menus.title import TitleScene
from scenes.online.far_away import FarAwayScene

ANN, BOB = "@ann:example.org", "@bob:example.org"


def lobby(server, user=ANN, signed=True):
    return AtOnce(lambda account: MemoryTransport(server, account.user), find_variant,
                  Account("mem", user, "tok") if signed else None)


@pytest.fixture
def driver(home):
    driver = Driver(animation="instant")
    yield driver
    driver.close()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_PARLOR_HOME", str(tmp_path / "home"))


def far_button(title):
    return next(b for b in title.row.buttons if b.on_press == title.far_away)


def test_the_title_says_how_many_games_wait_for_you(driver):
    server = MemoryServer()
    lobby(server, BOB).answer("host", {"variant": "classic", "invites": [ANN]})
    driver.app.far_lobby = lobby(server)
    driver.start(TitleScene(driver.app))
    driver.step(0.1)
    assert far_button(driver.top).detail == "Your turn in 1 game"  # Bob's invitation waits for Ann
    driver.click(far_button(driver.top).rect.center)
    assert isinstance(driver.top, FarAwayScene)


def test_signed_out_the_title_offers_far_away_and_says_nothing_more(driver):
    driver.start(TitleScene(driver.app))
    driver.step(0.1)
    assert far_button(driver.top).label == "Far away" and far_button(driver.top).detail == ""
    assert driver.app.far_lobby.account is None and driver.app.far_lobby.thread is None  # nothing asked


def test_a_kiosk_has_no_online_play():
    driver = kiosk_at_title(CONFIG)
    try:
        assert not any(b.label == "Far away" for b in driver.top.row.buttons)
        driver.app.go("far_away")
        driver.step(0.1)
        assert isinstance(driver.top, TitleScene)
    finally:
        driver.close()


def test_signing_in_by_typing_keeps_the_token_and_forgets_the_password(driver, monkeypatch):
    asked = []

    def sign_in(homeserver, user, password="", token=""):
        asked.append((homeserver, user, password, token))
        return Account("https://example.org", user, "tok")

    monkeypatch.setattr(accounts, "sign_in", sign_in)
    driver.app.far_lobby = lobby(MemoryServer(), signed=False)
    driver.app.go("far_away")
    driver.step(0.1)
    scene = driver.top
    driver.click(scene.fields["user"].rect.center)
    driver.type_text(ANN)
    driver.key(pygame.K_RETURN)  # on to the server (left empty: found from the ID)
    driver.key(pygame.K_RETURN)  # on to the password
    driver.type_text("secret")
    driver.key(pygame.K_RETURN)  # signs in
    driver.step(0.1)
    assert asked == [("", ANN, "secret", "")]
    assert accounts.load() == Account("https://example.org", ANN, "tok")
    assert "secret" not in repr(vars(driver.top)) and "sign_out" in repr([b.on_press for b in driver.top.row.buttons])


def test_a_sign_in_refused_says_why_on_the_screen(driver):
    driver.app.far_lobby = lobby(MemoryServer(), signed=False)
    driver.app.go("far_away")
    driver.step(0.1)
    driver.top.fields["user"].value = "ann"
    driver.top._sign_in()
    driver.step(0.1)
    assert "looks like @name:example.org" in driver.app.far_lobby.said
    assert driver.app.far_lobby.account is None


def test_starting_a_game_invites_and_shows_its_link_and_the_game(driver):
    server = MemoryServer()
    driver.app.far_lobby = lobby(server)
    driver.app.go("far_away")
    driver.step(0.1)
    scene = driver.top
    assert len([key for key in scene.fields if key.startswith("invite")]) == scene.variant.max_players - 1
    driver.click(scene.fields["invite0"].rect.center)
    driver.type_text(BOB)
    start = next(b for b in scene.row.buttons if b.on_press == scene._host)
    driver.click(start.rect.center)
    driver.step(0.1)
    room = driver.app.far_lobby.hosted[0]
    assert server.rooms[room].invited == {BOB}
    assert any(b.on_press == scene._copy for b in scene.row.buttons)
    assert [(game.room, game.waiting) for game in driver.app.far_lobby.games] == [(room, ("bob",))]


def test_a_wrong_invitation_is_said_before_anything_is_sent(driver):
    server = MemoryServer()
    driver.app.far_lobby = lobby(server)
    driver.app.go("far_away")
    driver.step(0.1)
    driver.top.fields["invite0"].value = "bob"
    driver.top._host()
    assert "looks like @name:example.org" in driver.top.note and server.rooms == {}


def test_frames_go_on_while_the_server_is_slow(driver):
    """The lobby's real thread, held up by a server that does not answer: the screen keeps drawing frames."""
    server, answer = MemoryServer(), threading.Event()

    def slow(account):
        answer.wait(30)
        return MemoryTransport(server, account.user)

    driver.app.far_lobby = Lobby(slow, find_variant, Account("mem", ANN, "tok"))
    driver.app.go("far_away")
    frames = driver.app.frames
    for _ in range(10):
        driver.step(0.1)
    assert driver.app.far_lobby.busy == 1 and driver.app.frames > frames  # waiting, and drawing meanwhile
    assert driver.top.wake_in() is not None  # and looking again for the answer, at rest
    answer.set()
    got = driver.app.far_lobby.answers.get(timeout=30)
    driver.app.far_lobby.answers.put(got)
    driver.step(0.1)
    assert driver.app.far_lobby.games == [] and driver.app.far_lobby.busy == 0
    driver.app.far_lobby.close()
