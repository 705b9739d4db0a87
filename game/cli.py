"""The command line: ``dice-parlor`` and ``python -m game`` are this one entry point.

With no command it opens the table (the front end in ``scenes/``, loaded by
name at run time so the core never imports it). Commands:

- ``simulate``: whole games between computer players, with statistics.
- ``check-variant FILE``: validate a variant file.
- ``variants``: list the variants that load, and the files that do not.
- ``check-kiosk``: the kiosk's settings in force and its problems (``game.store.kiosk_check``).
- ``play``: a game in the terminal, for people and computer players.
- ``review``: a finished game turn by turn against the optimal player (``game.review_command``).
- ``daily``: the day's game (the same dice for everyone) played by a computer (``game.daily.command``).
- ``online host|join``: a headless seat in a game over Matrix (``game.online.cli``).

Every mistake in the arguments is one line naming the problem and the
accepted values, with exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import re
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from game import __version__, advise_command, review_command
from game.bots.levels import USUAL_LEVEL, dial_level, known_names
from game.bundle import end_with_launcher
from game.cli_types import seconds
from game.daily import command as daily
from game.errors import DiceParlorError, UnknownVariant, VariantError, one_line, shown
from game.online.cli import add_parser as add_online
from game.online.cli import run as run_online
from game.rules.variant import Variant
from game.rules.variants import find_variant, load_all, load_variant_file
from game.simulate import play_game, print_simulation, simulate  # noqa: F401 (play_game: as before, from here)
from game.store.kiosk_check import check_kiosk, kiosk_unlock


class UsageError(Exception):
    """A bad argument: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line instead of usage + message
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="dice-parlor", description="Dice Parlor: a table for the Yahtzee family of dice games.")
    parser.add_argument("--version", action="version", version=f"Dice Parlor {__version__}")
    parser.add_argument("--demo", metavar="VARIANT", help="computer players on every seat, through the real table")
    parser.add_argument("--seats", type=int, default=None, help="seats for --demo")
    parser.add_argument("--seed", type=int, default=None, help="seed for the dice")
    parser.add_argument("--exit-after", type=seconds, default=None, metavar="SECONDS", help="quit after this long")
    parser.add_argument("--screenshot", metavar="FILE", help="with --exit-after: save the last frame here")
    parser.add_argument("--fullscreen", action="store_true", help="start fullscreen")
    parser.add_argument("--speech", action="store_true", help="say the table aloud (F2 turns it on or off)")
    parser.add_argument("--speech-log", metavar="FILE", default=None,
                        help="write every sentence said to FILE, one a line, as it is said (voice or not)")
    parser.add_argument("--kiosk", action="store_true", help="a public touch screen: only the admin can leave")
    parser.add_argument("--size", metavar="WxH", default=None, help="window size, e.g. 1280x800")
    parser.add_argument("--install-desktop", action="store_true", help="Linux: put this app into your menu")
    parser.add_argument("--uninstall-desktop", action="store_true", help="Linux: take it out of your menu again")
    # benchmarks/bench_bundle.py times the solver inside the built app with this (not for players)
    parser.add_argument("--bench-solver", metavar="VARIANT", default=None, help=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)

    sim = commands.add_parser("simulate", help="play whole games between computer players")
    sim.add_argument("--variant", required=True)
    sim.add_argument("--players", required=True, metavar="LEVEL[,LEVEL...]")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0, dest="sim_seed")
    sim.add_argument("--json", action="store_true")

    check = commands.add_parser("check-variant", help="validate a variant YAML file")
    check.add_argument("file")

    commands.add_parser("variants", help="list the variants")
    kiosk = commands.add_parser("check-kiosk", help="the kiosk's settings in force and its problems")
    kiosk.add_argument("--json", action="store_true")
    commands.add_parser("kiosk-unlock", help="end a kiosk's PIN lockout (the owner's way in, from a shell)")

    advise_command.add_parser(commands)

    records = commands.add_parser("records", help="high scores and statistics")
    records.add_argument("--variant", default=None)
    records.add_argument("--json", action="store_true")

    play = commands.add_parser("play", help="play in the terminal")
    play.add_argument("--variant", default="classic")
    play.add_argument("--players", default=f"person,{USUAL_LEVEL}", metavar="person|LEVEL[,...]")
    play.add_argument("--games", type=int, default=1)
    play.add_argument("--seed", type=int, default=None, dest="play_seed")
    daily.add_parser(commands)
    review_command.add_parser(commands)
    add_online(commands)
    return parser


def _variant(name: str) -> Variant:
    try:
        return find_variant(name)
    except UnknownVariant as error:
        raise UsageError(str(error)) from None


def _levels(text: str, variant, allow_person: bool = False) -> list[tuple[str, str]]:
    """Each player named, with the level it plays in this variant: the dial's names (easy, medium, hard, perfect)
    work in every family, as the solver's levels where its table can be had, else as the basic ones."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    known = (["person"] if allow_person else []) + known_names(variant.family)
    if not names:
        raise UsageError(f"name at least one player (known: {', '.join(known)})")
    players = []
    for name in names:
        if name not in known:
            raise UsageError(f"unknown player '{name}' (known: {', '.join(known)})")
        level = name if name == "person" else dial_level(name, variant).name
        if name == "perfect" and dial_level(name, variant).dial != name:  # no Perfect here: the best there is plays
            why = ("has no solver table here (building one needs numpy)" if variant.solvable
                   else "has no perfect player")
            print(f"dice-parlor: {variant.id} {why}: perfect plays as {level}, the best there is", file=sys.stderr)
        players.append((name, level))
    return players


def _check_seats(variant: Variant, count: int) -> None:
    if not variant.min_players <= count <= variant.max_players:
        raise UsageError(f"{variant.id} is for {variant.min_players} to {variant.max_players} players, not {count}")


def _cmd_simulate(args: argparse.Namespace) -> int:
    variant = _variant(args.variant)
    players = _levels(args.players, variant)
    _check_seats(variant, len(players))
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    result = simulate(variant, [level for _, level in players], args.games, args.sim_seed,
                      [name for name, _ in players])
    if args.json:
        print(json.dumps(result))
    else:
        print_simulation(result)
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    try:
        variant = load_variant_file(args.file)
    except VariantError as error:
        print(error)
        return 2
    print(variant.summary())
    return 0


def _cmd_variants(_: argparse.Namespace) -> int:
    catalogue = load_all()
    for variant in catalogue.variants:
        print(f"{variant.id:<12} {variant.name}: {variant.description}")
    for problem in catalogue.problems:
        print(f"refused: {problem}")
    return 0


def _progress(fraction: float, message: str = "") -> None:
    print(f"\rbuilding the solver table: {fraction:.0%} {message}", end="", file=sys.stderr, flush=True)


def _cmd_records(args: argparse.Namespace) -> int:
    from game.store.records import open_records, records_report

    if args.variant:
        _variant(args.variant)
    try:
        with open_records() as records:
            if records.message:
                print(records.message, file=sys.stderr)
            report = records_report(records, args.variant)
            finished = records.count()
    except OSError as error:
        print(f"The records could not be opened: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report))
        return 0
    if not finished:
        print("No games finished yet.")
        return 0
    for variant, tables in report["high_scores"].items():
        for kind, rows in tables.items():
            if rows:
                print(f"{variant} ({'solo' if kind == 'solo' else 'with others'}):")
                for rank, row in enumerate(rows, 1):
                    marked = " (undo)" if row["undos"] else ""
                    when = time.strftime("%Y-%m-%d", time.localtime(row["date"]))
                    print(f"  {rank:>2}. {row['total']:>5}  {one_line(row['name'])}  {when}{marked}")
    print(f"{'player':<20}{'games':>6}{'wins':>6}{'average':>9}{'best':>6}{'bonus':>7}{'five':>6}")
    for p in report["players"]:
        rate = lambda r: "-" if r is None else f"{r:.0%}"  # noqa: E731
        # a name is shown, never obeyed: an escape code typed or edited into it is printed as \x1b, not run
        print(f"{one_line(p['name'][:19]):<20}{p['games']:>6}{p['wins']:>6}{p['average']:>9.1f}{p['best']:>6}"
              f"{rate(p['upper_bonus_rate']):>7}{rate(p['five_alike_rate']):>6}")
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    from game.terminal import play_in_terminal

    variant = _variant(args.variant)
    if not variant.plays_in_terminal:
        raise UsageError(f"{variant.id} is played on the table: run dice-parlor without a command")
    players = _levels(args.players, variant, allow_person=True)
    _check_seats(variant, len(players))
    if not 1 <= args.games <= variant.max_games:
        raise UsageError(f"--games must be from 1 to {variant.max_games}, not {args.games}")
    return play_in_terminal(variant, players, args.games, args.play_seed)


def random_moments(variant: Variant, count: int, seed: int = 1) -> list[tuple[dict, tuple, int]]:
    """Made-up moments of a turn for timing advice: a card partly filled, a hand, the rolls left."""
    from game.rules.hands import all_hands

    rng = random.Random(seed)
    hands = all_hands(variant.dice, variant.faces)
    moments = []
    for _ in range(count):
        card = {b: None for b in variant.box_ids}
        for box in rng.sample(variant.box_ids, rng.randrange(len(card))):
            b = variant.box(box)
            card[box] = b.face * rng.randrange(4) if b.kind == "face" else 0
        moments.append((card, rng.choice(hands), rng.randrange(variant.rolls_per_turn)))
    return moments


def bench_solver(variant: Variant, decisions: int = 300, games: int = 100) -> dict[str, Any]:
    """The solver's speed where it runs (from source or in the built app): loading the table, one
    decision of advice on random cards (its turn solved afresh), and whole optimal games."""
    from game.bots.solver import _TURNS, advise, forget_loaded, table_for

    forget_loaded()
    start = time.perf_counter()
    table = table_for(variant, build=False)
    load = time.perf_counter() - start
    times = []
    for card, hand, rolls_left in random_moments(variant, decisions):
        _TURNS.clear()
        start = time.perf_counter()
        advise(variant, table, card, None, None, hand, rolls_left)
        times.append(time.perf_counter() - start)
    times.sort()
    reasons = bench_reasons(variant, table, decisions)
    start = time.perf_counter()
    result = simulate(variant, ["optimal"], games, 2024)["seats"][0]
    seconds = time.perf_counter() - start
    return {"variant": variant.id, "load_ms": round(load * 1e3, 1),
            "advice_ms_median": round(statistics.median(times) * 1e3, 2),
            "advice_ms_p95": round(times[int(0.95 * len(times))] * 1e3, 2), "advice_ms_max": round(times[-1] * 1e3, 2),
            **reasons, "games": games, "games_per_s": round(games / seconds, 1), "mean": result["mean"],
            "numpy": "numpy" in sys.modules}


def bench_reasons(variant: Variant, table, decisions: int = 300) -> dict[str, Any]:
    """One decision as the coach's panel gives it (issue 28: under 50 ms): the advice with its turn solved afresh,
    every hold's odds and goals, and every option's line of why. The odds' tables are built once per variant
    before (timed apart: the coach builds them in its own thread, off the frame)."""
    from game.bots.solver import _TURNS, advise
    from game.coach.odds import build_tables, goals_of_holds
    from game.coach.reasons import hold_reasons, why_box

    start = time.perf_counter()
    build_tables(variant)
    built = time.perf_counter() - start
    times = []
    for card, hand, rolls_left in random_moments(variant, decisions):
        _TURNS.clear()
        start = time.perf_counter()
        options = advise(variant, table, card, None, None, hand, rolls_left)
        goals_of_holds(variant, card, [o.keep for o in options if o.kind == "keep"], rolls_left)
        said = hold_reasons(variant, card, options, rolls_left, hand=hand)
        [said[i].said(variant) if i in said else why_box(options, i, variant) for i in range(len(options))]
        times.append(time.perf_counter() - start)
    times.sort()
    return {"odds_tables_ms": round(built * 1e3, 1), "reasons_ms_median": round(statistics.median(times) * 1e3, 2),
            "reasons_ms_p95": round(times[int(0.95 * len(times))] * 1e3, 2),
            "reasons_ms_max": round(times[-1] * 1e3, 2)}


SIZE = re.compile(r"\s*(\d{1,5})\s*[xX]\s*(\d{1,5})\s*")  # --size 1280x800


def _check_size(text: str | None) -> None:
    if text is not None and not SIZE.fullmatch(text):
        raise UsageError(f"--size must be WIDTHxHEIGHT in pixels, e.g. 1280x800, not {shown(text)}")


def _check_screenshot(path: str) -> None:
    """Before the game is played, not after: the picture's place can be written (its folder is made where
    missing, as the table saves it)."""
    where = os.path.abspath(path)
    if os.path.isdir(where) or path.endswith(("/", os.sep)):
        raise UsageError(f"--screenshot {one_line(path)} is a folder: name the picture file in it")
    folder = os.path.dirname(where)
    try:
        os.makedirs(folder, exist_ok=True)
    except FileExistsError:
        raise UsageError(f"--screenshot: {one_line(folder)} is a file, not a folder") from None
    except OSError as error:
        raise UsageError(f"--screenshot: the folder {one_line(folder)} cannot be made ({error.strerror})") from None
    if not os.access(folder, os.W_OK):
        raise UsageError(f"--screenshot: the folder {one_line(folder)} cannot be written to")


def _launch_table(args: argparse.Namespace) -> int:
    if args.screenshot and args.exit_after is None:  # the last frame is saved as the game stops
        raise UsageError("--screenshot needs --exit-after SECONDS: the frame is saved when the game stops")
    _check_size(args.size)
    if args.screenshot:
        _check_screenshot(args.screenshot)
    # The front end is looked up by name: the core stays importable without pygame.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        app = importlib.import_module("scenes.app")
    except ImportError as error:
        print(f"dice-parlor: the table cannot start: {error} (install with: pip install -e .)", file=sys.stderr)
        return 1
    return app.run(args)


def main(argv: Sequence[str] | None = None) -> int:
    end_with_launcher()  # the one-file app: killed with its launcher, never orphaned
    for stream in (sys.stdout, sys.stderr):  # a file name or text the terminal cannot show never stops a command
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.bench_solver:
            print(json.dumps(bench_solver(_variant(args.bench_solver))))
            return 0
        if args.install_desktop or args.uninstall_desktop:
            from game.desktop import command as desktop_command
            return desktop_command(args.install_desktop)
        handler = {
            "simulate": _cmd_simulate, "check-variant": _cmd_check, "variants": _cmd_variants, "play": _cmd_play,
            "records": _cmd_records,
            "advise": lambda args: advise_command.run(args, UsageError, _variant, _progress),
            "online": lambda args: run_online(args, UsageError),
            "daily": lambda args: daily.run(args, UsageError, _levels),
            "review": lambda args: review_command.run(args, UsageError, _levels, _variant),
            "check-kiosk": lambda args: check_kiosk(args.json), "kiosk-unlock": lambda args: kiosk_unlock(),
        }.get(args.command, _launch_table)
        status = handler(args)
        sys.stdout.flush()  # here, not on the way out: a closed pipe is caught below
        return status
    except (UsageError, DiceParlorError) as error:
        print(f"dice-parlor: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `dice-parlor records | head`: the reader has all it wanted, and that is no error
        _quiet_stdout()
        return 1


def _quiet_stdout() -> None:
    """What is still buffered for a closed pipe goes nowhere (else Python says so again on its way out)."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
