"""A kiosk runs for days: its open files stay flat game after game, and no font holds a file open.

(Issue 33, item 19: over 51 minutes of attract mode the open files went from 44 to 81, 70 of them
handles on the same four font files, one for each size a font was drawn at.)
"""

from __future__ import annotations

from scene_driver import Driver
from soak import FONTS  # the soak counts the same handles
from soak import _targets as _open_files

from game.store.kiosk import KioskConfig


def _open_fonts() -> list[str]:
    return [target for target in _open_files() if target.endswith(FONTS)]


def test_text_at_many_sizes_holds_no_font_file_open():
    """Every new name a game brings can be drawn at a size not seen before: each one a new font."""
    from scenes.ui import assets

    driver = Driver()
    try:
        assets.text("warm", 20)
        before = len(_open_files())
        for size in range(10, 90, 3):
            for style in assets.FONT_FILES:
                assets.text(f"Chloé {size}", size, style=style)
            assets.text(f"שרה {size}", size)  # a run in a shipped fallback font (Noto Sans Hebrew)
        assert _open_fonts() == []
        assert len(_open_files()) == before
    finally:
        driver.close()


def test_the_attract_mode_keeps_its_open_files_flat_and_its_font_caches_bounded():
    """Attract games in turn, in-process: after the first round of variants (warm-up), the next round opens
    nothing more; no font file is held open at any time; the font caches have a limit."""
    from scenes.ui import assets

    config = KioskConfig(title_idle=30, attract_variants=("classic", "jackpot", "yatzy"))
    driver = Driver(animation="normal", kiosk=config)
    app = driver.app
    counts = []
    try:
        for game in range(5):  # each game a while (dealt, thrown, scored, drawn), then the next, as a game's end does
            app.kiosk.start_attract() if game == 0 else app.kiosk.next_attract()
            for _ in range(16):
                app.update(1.0)
                app.render()
            assert _open_fonts() == [], f"game {game + 1}: fonts hold files open"
            counts.append(len(_open_files()))
        assert len(set(counts[2:])) == 1, f"open files, game after game: {counts}"
        for cache in (assets._font, assets._run_font):
            info = cache.cache_info()
            assert info.maxsize is not None and info.currsize <= info.maxsize
    finally:
        driver.close()


def test_the_attract_mode_draws_a_still_table_at_a_lower_rate():
    """While a computer "thinks" only "Tap to play" breathes: a third of the frames; dice in the air get all 30."""
    from scenes.kiosk.controller import ATTRACT_FPS, ATTRACT_STILL_FPS

    config = KioskConfig(title_idle=30, attract_variants=("classic",))
    driver = Driver(animation="normal", kiosk=config)
    app = driver.app
    try:
        app.kiosk.start_attract()
        rates = {}
        for _ in range(1200):  # 20 s of the first game
            app.update(1 / 60)
            top = app.stack.top
            if getattr(top, "tray", None) is not None:
                state = "flying" if top.tray.busy() else "still" if not top.moving() else "other"
                rates.setdefault(state, set()).add(app.kiosk.frame_rate(60))
        assert rates["flying"] == {ATTRACT_FPS}
        assert rates["still"] == {ATTRACT_STILL_FPS} and ATTRACT_STILL_FPS < ATTRACT_FPS
        assert app.animating()  # still: frames keep coming (the pulse, the computer's next move)
    finally:
        driver.close()
