"""The kiosk's attract mode run for many simulated hours on a fast-forwarded clock.

Used by the soak test and by ``benchmarks/bench_kiosk.py``: the app's fixed
step is replaced by coarse steps of made-up time, a frame is drawn every few
simulated seconds, and after every simulated hour the process's resident
memory and open file handles are sampled (Linux /proc).
"""

from __future__ import annotations

import gc
import os

from scene_driver import Driver

from game.store.kiosk import KioskConfig


def _rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


FONTS = (".ttf", ".otf", ".ttc")


def _open_files() -> int:
    """Every open file, fonts included: fonts are read from memory and hold no file open (a new size first
    used at hour 13 would otherwise open one more)."""
    return len(_targets())


def _open_fonts() -> int:
    return sum(target.endswith(FONTS) for target in _targets())


def _targets() -> list[str]:
    targets = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            targets.append(os.readlink(f"/proc/self/fd/{fd}"))
        except OSError:  # the listing's own handle, closed by now
            pass
    return targets


def soak(hours: float, step: float = 0.5, draw_every: float = 5.0) -> dict:
    from scenes.menus.title import TitleScene

    gc.collect()  # what earlier tests in this process left (a file in a cycle) goes first, not mid-soak
    config = KioskConfig(title_idle=30, attract_variants=("classic", "jackpot", "yatzy"))
    driver = Driver(animation="normal", kiosk=config)
    app = driver.app
    try:
        driver.start(TitleScene(app))
        samples = []
        games = 0
        last_draw = 0.0
        seen = None
        for hour in range(int(hours)):
            end = (hour + 1) * 3600.0
            while app.time < end:
                app.update(step)
                if app.time - last_draw >= draw_every:
                    app.render()
                    last_draw = app.time
                session = getattr(app.stack.scenes[0], "session", None)
                if session is not None and session is not seen:
                    seen, games = session, games + 1
            gc.collect()
            samples.append((_rss_mb(), _open_files()))
            assert _open_fonts() == 0, "a font holds its file open"
        return {"hours": int(hours), "games": games, "attract": app.kiosk.attract, "samples": samples}
    finally:
        driver.close()


def judge(result: dict) -> list[str]:
    """What a day's soak got wrong (nothing: an empty list): the attract mode ran, no file handle leaked,
    and after the first hours (caches fill) the resident size grew less than 1 MB a simulated hour."""
    import statistics

    samples, problems = result["samples"], []
    if not result["attract"] or result["games"] <= 50:
        problems.append(f"the attract mode played {result['games']} games")
    if len({files for _, files in samples}) != 1:
        problems.append(f"open files changed: {[files for _, files in samples]}")
    memory = [rss for rss, _ in samples]
    growth = (statistics.median(memory[-6:]) - statistics.median(memory[6:12])) / 12
    if growth >= 1.0:
        problems.append(f"{growth:.2f} MB per simulated hour: {memory}")
    return problems
