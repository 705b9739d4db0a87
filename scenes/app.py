"""The application: one window, one loop, one scene stack.

The loop measures time in seconds, updates the top scene in fixed steps of 1/120 s (an accumulator absorbs
uneven frames) and draws on the logical 1280x800 canvas, which is scaled to fit the window.

It draws only when the picture can have changed: after input or a window event, when the stack changed, while
the top scene animates (``animating``) and when a timer it asked for comes due (``wake_in``); its ``pace``
(scenes.pace) decides. At rest it sleeps, looking for events every 10 ms, and uses next to no CPU; time still
runs (in short rests), so timers, the kiosk's idle clock and a stop signal are seen.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from typing import Any

import pygame

from game import __version__
from game.bundle import remove_stale_folders
from game.paths import asset, user_config_dir, user_data_dir, user_state_dir
from game.rules import i18n
from game.rules.variants import Catalogue, load_all
from game.store.kiosk import KioskConfig, load_kiosk
from game.store.one_copy import ALREADY_RUNNING, OneCopy
from game.store.settings import Settings, load_settings, read_settings, save_settings
from game.store.storage import clean_stale_temporaries
from scenes import registry
from scenes.demo import demo_scene
from scenes.kiosk.controller import KioskController, NoScreen, hold_the_screen, ready_kiosk, require_a_screen
from scenes.logs import ScreenTrail, close_logging, setup_logging
from scenes.pace import REST_WAIT, Pace
from scenes.persist import SaveStatus
from scenes.records_opening import RecordsOpening
from scenes.running import FrontWatch
from scenes.speaking import Speech, open_log, screen_reader_running
from scenes.stop import StopNow, StopSignals, no_screen, say_exit
from scenes.ui import assets, theme
from scenes.ui.gamepad import Pads
from scenes.ui.heap import keep_big_blocks_apart
from scenes.ui.input import Input, Intent, Viewport
from scenes.ui.sound import make_sounds
from scenes.ui.stack import Scene, SceneStack
from scenes.ui.widgets import NativeText, native_text  # noqa: I001
from scenes.ui.widgets import stop_noting as _stop_noting
from scenes.window import (
    missing_display,
    open_windowed,
    parse_size,
    put_back,
    save_screenshot,
    show_scaled,
    where_it_is,
)

STEP = 1 / 120
MAX_FRAME = 0.25  # after a stall, don't try to catch up more than this
# per text size: fonts this much bigger (boxes shrink them back if need be), the least size drawn (see README)
TEXT_SCALES = {"normal": (1.0, 8), "large": (1.2, 8), "tv": (1.25, 14)}
ANIMATION_SPEED = {"normal": 1.0, "fast": 2.2, "instant": 1000.0}


class App:
    def __init__(self, size: tuple[int, int] | None = (theme.WIDTH, theme.HEIGHT), fullscreen: bool = False,
                 settings: Settings | None = None, demo: bool = False, kiosk: KioskConfig | None = None,
                 stop: StopSignals | None = None, one_copy: OneCopy | None = None):
        self.settings = settings or load_settings()
        # The kiosk's own language wins on a public screen; otherwise the player's choice, else the system's.
        i18n.set_language(kiosk.language if kiosk is not None else self.settings.language or None)
        self.apply_text_size()
        self.demo = demo
        self.kiosk_config = kiosk
        self.keeps_nothing = kiosk is not None  # a kiosk keeps no resumable game and allows no undo
        # The window's class matches the desktop file, so the menu's icon shows for the window. Set, not
        # defaulted: importing pygame already put the script's name ("__main__.py") there.
        os.environ["SDL_VIDEO_X11_WMCLASS"] = "dice-parlor"
        os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] = "dice-parlor"
        # SIGTERM and SIGINT are ours (see StopSignals): SDL would turn them into a window-close,
        # which a kiosk ignores.
        os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"
        if kiosk is not None:
            os.environ["SDL_ALLOW_ALT_TAB_WHILE_GRABBED"] = "0"  # SDL would minimise on Alt+Tab itself
        pygame.display.init()
        if kiosk is not None:
            require_a_screen()  # never a kiosk on SDL's offscreen driver, invisible for good
        if pygame.display.get_driver() == "x11":
            # SDL would pass every frame through an OpenGL texture (in software, where there is no GPU);
            # its own X11 framebuffer costs a twentieth of that: 0.2 ms a frame instead of 9.5 at 1080p.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.font.init()
        assets.reset()
        pygame.display.set_caption(f"Dice Parlor {__version__}")
        try:
            pygame.display.set_icon(pygame.image.load(str(asset("icons", "dice-parlor-64.png"))))
        except (pygame.error, FileNotFoundError):
            pass  # an icon is a comfort; the game runs without it
        self.fullscreen = fullscreen or self.settings.fullscreen or kiosk is not None
        self.windowed_size = size  # None: a window that fits the desktop, where the player left it
        self._left_at: list = []  # the window's place and size when fullscreen began, to come back to
        self.window = self._open_window()
        self.kiosk = None
        if kiosk is not None:
            self.kiosk = KioskController(self, kiosk)
            hold_the_screen(kiosk.show_cursor)
        pygame.display.set_allow_screensaver(False)
        self.canvas = pygame.Surface((theme.WIDTH, theme.HEIGHT)).convert()
        self.viewport = Viewport(self.window.get_size())
        self.input = Input(self.viewport, lambda: self.stack.top.binding_table() if self.stack.top else "general",
                           Pads(kiosk is None or kiosk.gamepad))  # a kiosk's pads: only where kiosk.yaml allows
        self.stack = SceneStack()
        self.catalogue: Catalogue = load_all()
        self.sounds = make_sounds(self.settings.sound, self.settings.volume)
        self.speech = Speech(self.settings, kiosk)  # silent, unlogged until turned on (Settings, F2, --speech)
        self.running = True
        self.last_setup = None  # the New game screen's seats and game (game.store.seats); a kiosk's, one visitor's
        self.notice: str | None = None  # one line for the title screen (a damaged file set aside, say)
        self.time = 0.0
        self.frames = 0
        self.saving = SaveStatus()  # whether the game's files can be written; results waiting for the records
        self.records_opening = RecordsOpening(self)  # the records opened at start-up, in a thread of their own
        self.stop = stop or StopSignals()  # SIGTERM or SIGINT, once one asks us to stop
        self.front = FrontWatch(one_copy)  # a second start brings this window to the front
        self.exit_status = 0
        self.stack.on_change = ScreenTrail()
        self.sharp_text = True  # text drawn at the window's resolution when the canvas is scaled
        self.pace = Pace()  # when a frame is drawn, how long the loop rests
        self._scaled: pygame.Surface | None = None

    # ------------------------------------------------------------- window --
    def _open_window(self) -> pygame.Surface:
        if self.kiosk_config is not None:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN | pygame.NOFRAME)
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return open_windowed(self.windowed_size, self.settings.window)

    def keep_window_place(self, place: list[int] | None = None) -> None:
        """The window's size and place (``place``, else where it is now), for the next start (scenes.window)."""
        if self.fullscreen or self.kiosk is not None or self.windowed_size is not None:
            return
        place = place or where_it_is()
        if place is not None and place != self.settings.window:
            self.settings.window = place
            save_settings(self.settings)

    def toggle_fullscreen(self) -> None:
        if self.kiosk is not None:
            return  # a kiosk stays fullscreen
        if not self.fullscreen:
            self._left_at = where_it_is() or []  # to come back to; the next start opens there too
            self.keep_window_place(self._left_at)
        self.fullscreen = self.settings.fullscreen = not self.fullscreen
        save_settings(self.settings)
        self.window = self._open_window()
        if not self.fullscreen:
            self.window = put_back(self._left_at or self.settings.window)
        self.viewport.resize(self.window.get_size())

    def animation_speed(self) -> float:
        return ANIMATION_SPEED.get(self.settings.animation, 1.0)

    def apply_settings(self) -> None:
        save_settings(self.settings)
        self.sounds.configure(self.settings.sound, self.settings.volume)

    def apply_text_size(self) -> None:
        assets.set_text_scale(*TEXT_SCALES.get(self.settings.text_size, TEXT_SCALES["normal"]))

    def play(self, name: str, strength: float = 1.0) -> None:
        self.sounds.play(name, strength)

    def play_hit(self, material: str, strength: float) -> None:
        """A die striking the felt, a rail or another die (scenes.ui.sound keeps only a few at once)."""
        self.sounds.play_hit(material, strength)

    def start_rattle(self, loudness: float = 0.0) -> None:
        self.sounds.start_rattle(loudness)

    def set_rattle(self, loudness: float) -> None:
        self.sounds.set_rattle(loudness)

    def stop_rattle(self) -> None:
        self.sounds.stop_rattle()

    def scene(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new screen by its name (scenes.registry): scenes never import one another to open one."""
        return registry.make(self, name, *args, **kwargs)

    def go(self, name: str, *args: Any, how: str = "push", **kwargs: Any) -> Scene:
        """Open a screen by name: ``how`` is push (over this one), replace (instead of it) or clear (alone)."""
        scene = self.scene(name, *args, **kwargs)
        getattr(self.stack, how)(scene)
        return scene

    def quit(self, force: bool = False, how: str = "a quit button") -> None:
        """Leave the game; in kiosk mode only the admin panel can (force)."""
        if self.kiosk is not None and not force:
            logging.getLogger("dice_parlor.kiosk").info("quit: ignored (%s)", how)
            return
        self.running = False

    def flush(self) -> None:
        """Keep what has been played (the autosave, and any finished game's result still waiting) before the
        process ends."""
        self.saving.write_results(self)
        for scene in self.stack.scenes:
            scene.flush()

    # --------------------------------------------------------------- loop --
    def dispatch(self, intent: Intent) -> None:
        if self.kiosk is not None:
            intent = self.kiosk.filter(intent)
            if intent is None:
                return
        if self.speech.heard(intent.kind):  # a key cuts the sentence being said; F2, F3 are answered there
            return
        unused = self.stack.handle(intent)
        if unused is None:
            return
        if unused.kind == "quit":
            self.quit(how=str(unused.key or "the window's close button"))
        elif unused.kind == "fullscreen":
            self.toggle_fullscreen()
        elif unused.kind == "help" and self.stack.top is not None and self.stack.top.screen != "help":
            self.go("help", self.stack.top)

    def pump(self, woken_by: list | None = None) -> bool:
        """Handle every waiting event (after ``woken_by``, the ones a rest ended on); whether there was any."""
        events = (woken_by or []) + pygame.event.get()
        for event in events:
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.window = pygame.display.get_surface()
                self.viewport.resize(self.window.get_size())
                continue
            if self.kiosk is not None:
                self.kiosk.window_event(event.type)
            for intent in self.input.translate(event):
                self.dispatch(intent)
        repeats = self.input.repeats()  # a d-pad or stick held down
        for intent in repeats:
            self.dispatch(intent)
        return bool(events or repeats)

    def update(self, dt: float) -> None:
        """One fixed step of game time: the top scene, then the kiosk's timers."""
        self.stack.update(dt)
        self.speech.follow(self.stack.top)  # a menu or dialog opened, or its focus moved: said (scenes.speaking)
        self.time += dt
        self.records_opening.watch()
        self.saving.retry(self)
        self.front.update(dt)
        if self.kiosk is not None:
            self.kiosk.update(dt)

    def render(self) -> None:
        """One frame: the scenes painted on the canvas, then shown in the window. A table on top may be shown in
        parts on a portrait screen (its felt above its card); a menu or dialog over it, with the canvas whole."""
        self.viewport.arrange(self.stack.top.portrait_parts() if self.stack.top is not None else None)
        self.present(self.paint())

    def scaled(self) -> bool:
        return not (self.viewport.size == (theme.WIDTH, theme.HEIGHT) and self.viewport.offset == (0, 0))

    def paint(self) -> NativeText | None:
        """The visible scenes on the canvas; text to draw at the window's resolution is noted, and returned."""
        self.canvas.fill(theme.TABLE_BG)
        layer = NativeText(self.canvas) if self.scaled() and self.sharp_text else None
        native_text(layer)
        try:
            self.stack.draw(self.canvas)
            if self.kiosk is not None:
                self.kiosk.draw(self.canvas)
            self.saving.draw(self.canvas, self.time)
        finally:
            _stop_noting()  # the noted text is drawn below, at the window's resolution
        return layer

    def present(self, layer: NativeText | None) -> None:
        if not self.scaled():
            self.window.blit(self.canvas, (0, 0))
        else:
            self.window.fill(theme.WOOD_DARK)  # the table's edge, not black bars
            self._scaled = show_scaled(self.canvas, self.window, self.viewport, self._scaled)
            if layer is not None:
                layer.draw(self.window, self.viewport)
        if self.kiosk is not None:
            self.kiosk.draw_on_window(self.window)  # the admin corner is the screen's, letterbox or not
        pygame.display.flip()
        self.frames += 1
        self.pace.drawn(self.stack.changes)
        self.stack.shown()

    # ------------------------------------------------------------- rest --
    def animating(self) -> bool:
        """Whether the picture changes by itself now (dice, tweens, a countdown): then frames keep coming."""
        top = self.stack.top
        return bool(top is not None and top.animating() or self.kiosk is not None and self.kiosk.animating())

    def wake_in(self) -> float | None:
        """Seconds until something shown changes on a timer (a message ends, a scene's delayed call). The
        kiosk's idle timers need no wake: they open a screen, and rests are short enough to see them."""
        times = [self.saving.wake_in(self.time), self.input.wake_in()]
        if self.stack.top is not None:
            times.append(self.stack.top.wake_in())
        due = [t for t in times if t is not None]
        return max(0.0, min(due)) if due else None

    def redraw(self) -> None:
        """Ask for a frame: for a change no input, animation or timer explains (a thread's result, say)."""
        self.pace.redraw()

    def frame_due(self, woke: bool) -> bool:
        """Whether to draw now (scenes.pace): ``woke``, input or a window event since the last look."""
        return self.pace.frame_due(woke, self.animating(), self.stack.changes, self.time)

    # --------------------------------------------------------------- loop --
    def run(self, first: Scene | None, exit_after: float | None = None, screenshot: str | None = None,
            fps: int = 60) -> int:
        """The loop, with ``first`` on the stack (None: the stack as it is, for a benchmark)."""
        if first is not None:
            self.stack.push(first)
        try:
            self._loop(exit_after, fps)
        except StopNow:
            pass  # a stop cut a frame or a throw's flight short: what was decided is kept below
        self.records_opening.settle()
        self.flush()  # however the loop ends (a quit, a signal): a hold made since the last save is kept too
        self.keep_window_place()
        if self.stop.signal is not None:
            logging.getLogger("dice_parlor").info("stopped by %s", self.stop.signal)
        if screenshot and not save_screenshot(self.window, screenshot):  # what the window shows, at its own size
            self.exit_status = 1  # said in one line: a picture asked for and not saved is a failed run
        self.stack.clear()
        return self.exit_status

    def _loop(self, exit_after: float | None, fps: int) -> None:
        clock = pygame.time.Clock()
        started = last = time.perf_counter()
        lag, woken_by, catch_up = 0.0, None, MAX_FRAME
        while self.running and self.stop.signal is None and self.stack.top is not None:
            now = time.perf_counter()
            frame, last = min(catch_up, now - last), now
            self.input.now = now
            woke = self.pump(woken_by)
            lag += frame
            while lag >= STEP and self.stop.signal is None:
                self.update(STEP)
                lag -= STEP
            if self.frame_due(woke):
                with self.stop.showing():
                    self.render()
            if exit_after is not None and now - started >= exit_after:
                break
            if self.pace.moving:
                clock.tick(self.kiosk.frame_rate(fps) if self.kiosk is not None else fps)  # attract mode: fewer
                woken_by, catch_up = None, MAX_FRAME
            else:  # at rest: time keeps up with the clock across the sleep, in the same fixed steps
                woken_by = self.pace.rest(self.pace.plan_rest(self.wake_in(), self.time), self.stop)
                catch_up = REST_WAIT + MAX_FRAME


def run(args: Any) -> int:
    """Start the table from the command line's arguments (see game.cli)."""
    with OneCopy() as copy, StopSignals() as stop:  # from the first moment: a stop in start-up is clean too
        if not copy.take():
            copy.ask_to_front()
            print(ALREADY_RUNNING)
            return 0
        return _run(args, stop, copy)


def _run(args: Any, stop: StopSignals, copy: OneCopy) -> int:
    settings, settings_problems = read_settings()
    unseen = missing_display()  # else SDL's offscreen driver would run the game unseen, for ever
    if unseen and not (getattr(args, "kiosk", False) or settings.kiosk):  # a kiosk says so its own way, for systemd
        print(f"dice-parlor: {unseen}", file=sys.stderr)
        return 1
    speech_log, problem = open_log(getattr(args, "speech_log", None))
    if problem:
        print(f"dice-parlor: --speech-log: {problem}", file=sys.stderr)
        return 2
    keep_big_blocks_apart()  # a kiosk runs for days: freed surfaces go back to the system (scenes.ui.heap)
    kiosk = None
    if getattr(args, "kiosk", False) or settings.kiosk:
        kiosk = load_kiosk(load_all().names())
    setup_logging(kiosk is not None)
    log = logging.getLogger("dice_parlor")
    log.info("starting %s%s", __version__, " in kiosk mode" if kiosk else "")
    for problem in settings_problems + (kiosk.problems if kiosk else ()):  # each wrong field kept its default;
        log.warning(problem)  # a kiosk's are for the operator: the log and the admin panel, never the customers
    unpacked = remove_stale_folders()
    if unpacked:
        log.info("removed %d unpacked app folders that killed launchers left behind", unpacked)
    stale = clean_stale_temporaries(user_data_dir(), user_config_dir(), user_state_dir())
    if stale:
        log.info("removed %d temporary files left by interrupted writes", stale)
    if kiosk is not None:
        kiosk = ready_kiosk(kiosk)  # its PIN, and its run marked for the next start (scenes.kiosk.controller)
    try:
        app = App(parse_size(getattr(args, "size", None)), fullscreen=getattr(args, "fullscreen", False),
                  settings=settings, demo=bool(getattr(args, "demo", None)), kiosk=kiosk, stop=stop, one_copy=copy)
    except NoScreen as error:
        return no_screen(error)
    app.speech.start(getattr(args, "speech", False), speech_log)
    if not getattr(args, "demo", None):
        app.speech.invite(screen_reader_running())  # "Press F2 for speech", once, to a screen reader's user
    for problem in app.catalogue.problems if kiosk else ():  # the admin panel says "also in the log"
        log.warning(problem)
    if getattr(args, "demo", None):
        try:
            first = demo_scene(app, args.demo, args.seats, args.seed)
        except ValueError as error:
            print(f"dice-parlor: {error}", file=sys.stderr)
            pygame.quit()
            return 2
    else:
        first = app.scene("title")
        app.records_opening.start()  # checked, brought up to date, taken over: in the background, from the start
    status = 1
    try:
        status = app.run(first, getattr(args, "exit_after", None), getattr(args, "screenshot", None))
        return status
    except Exception:
        log.exception("the game stopped on an error")
        raise
    finally:
        say_exit(status)
        app.speech.close()
        pygame.quit()
        close_logging()
