"""The dice on the felt: shaken in a cup, thrown, tumbling in three dimensions and landing on the faces the
engine already drew.

The tray decides nothing about the game. The engine rolls; the owner hands the results to
:meth:`DiceTray.throw`, and the tray only shows them. A throw is simulated whole while the dice are still
in the hand, a few milliseconds each frame (:mod:`scenes.dice.physics.dice_world`: rigid cubes on the felt,
against the rails and each other; :mod:`scenes.dice.physics.dice_throw`), from the tray's own random generator,
seeded from the session, so the same game throws the same. Each thrown die is
then *labelled* so that the face which ends up on top carries the engine's number
(:mod:`scenes.dice.physics.cube`), and the recorded flight is played back at the table's pace. No face is ever
swapped on screen and nothing is steered: the physics lands where it lands, and the numbers are painted on
to fit before the die is seen.

Held dice sit in the hold row and are never thrown. Holding and releasing are short glides; ``place`` puts
dice down at once. Times are tray seconds: ``update`` multiplies real seconds by ``speed``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from functools import partial

import pygame

from scenes.dice.dice_cup import Cup
from scenes.dice.dice_die import EASE, FLY, HAND, OFF, REST, TOP, Die
from scenes.dice.dice_render import IVORY_LOOK, DieRenderer, Look, Projection, SymbolPicture
from scenes.dice.dice_sight import DiceSight
from scenes.dice.dice_spots import Spot, Spots
from scenes.dice.physics.cube import Labels, Quat, q_axis_angle, q_mul, up_axis, yaw
from scenes.dice.physics.dice_throw import LONGEST, Aim, Flight, Throw, Toss, throwing
from scenes.dice.physics.throw_ahead import Ahead
from scenes.dice.throw_stock import ThrowStock, likely_tosses
from scenes.ui.tween import Clock

ROOMY = 2.2  # die sides a throw needs each way: the felt free of panels, when as large, walls the throw in
HOLD_TIME = 0.2  # the glide to or from the hold row
FOLLOW_TIME = 1 / 30  # seconds a flicked cup follows through before it pours (see throw_ahead): two frames
IN_HAND = 0.2  # tray seconds at least that the dice stay in the cup while their throw is worked out
WORK_RATE = 18000  # of that work a real second, in contacts solved: 300 a frame at 60 Hz, about 4 ms on two
# busy cores (a frame at 1080p spends some 8 ms more on drawing). By the clock, not by the frame, so the dice
# leave the cup as soon at 120 Hz as at 60; a frame never does more than a thirtieth of a second's share.


def _symbol_picture(picture: SymbolPicture | None, face: Hashable, side: int) -> pygame.Surface:
    """A face that carries a symbol, drawn by the picture handed in (pip dice have none)."""
    if picture is None:
        raise ValueError(f"pip dice have no picture for {face!r}")
    return picture(face, side)


def _into_hand(clock: Clock, thrown: list[Die]) -> None:
    """Dice picked up into the hand: their glides end, and they leave their places."""
    for d in thrown:
        clock.tweens = [t for t in clock.tweens if t.target is not d]
        d.state, d.held, d.home, d.q = HAND, False, None, None


class DiceTray(DiceSight):
    """Dice on a felt tray and in a hold row; see the module docstring."""

    def __init__(self, tray: pygame.Rect, hold_row: pygame.Rect, count: int = 5, size: int = 72, seed: int = 0,
                 looks: Sequence[Look] | None = None, picture: SymbolPicture | None = None):
        """``count`` ivory pip dice; or one die for each of ``looks`` (what each carries on its faces), with
        ``picture(face, side)`` drawing a face that carries a symbol (Jackpot's dice are handed in so)."""
        self.tray = pygame.Rect(tray)
        self.spots = Spots(self.tray, hold_row, size)
        self.slot_order: list[int] | None = None  # die in each hold slot, left to right (None: die i in slot i)
        self.looks: tuple[Look, ...] = tuple(looks) if looks is not None else (IVORY_LOOK,) * count
        self.picture = picture
        count = self.count = len(self.looks)
        self.size = size
        self.speed = 1.0
        self.focus: int | None = None
        self.highlight: set[int] = set()
        self.on_hit: Callable[[float, str], None] | None = None  # an impact: strength 0..1, "felt", "rail", "die"
        self.cup = Cup(self.tray, size)
        self.view = Projection(self.tray, size)
        # The camera is over the felt's middle: a die by a rail shows its top face further out than its foot.
        # Dice rest in by that much at each rail (pixels), so none is seen over a rail.
        self.spots.rim = tuple(extent / 2 * (1 - 1 / self.view.scale_at(1.0)) for extent in self.tray.size)
        self.renderer = DieRenderer(partial(_symbol_picture, picture))
        self.spots.seen = lambda spot: self._top_rect(spot[0], spot[1], 0.0)
        self._rng = random.Random(seed)  # for looks only; the engine's generator is never touched
        self._clock = Clock()
        self._dice = [Die(i) for i in range(count)]
        self._throw: Throw | None = None  # dice in the hand or in the air
        self._tidy_due = False
        self._taken: dict[int, tuple] = {}  # where each die lay when the dice were last taken off the table
        self._ahead: Ahead | None = None  # dice in a shaken cup, their flight worked out before the engine rolls
        self._stock = ThrowStock(seed)  # throws worked out while the dice lie still (its own draws, not the tray's)
        self.stock_wanted = False  # the owner's say: a person may throw next, and would see the flight

    # ------------------------------------------------------------ what the owner sets

    @property
    def hold_row(self) -> pygame.Rect:
        return self.spots.hold_row

    @property
    def keep_clear(self) -> list[pygame.Rect]:
        return self.spots.keep_clear

    @keep_clear.setter
    def keep_clear(self, rects: list[pygame.Rect]) -> None:
        self.spots.keep_clear = list(rects)

    # ------------------------------------------------------------ faces and looks (handed in as data)

    def faces_of(self, die: int) -> tuple[Hashable, ...]:
        """What die ``die`` carries on its labels 1 to 6."""
        return self.looks[die].faces

    def _label_for(self, die: int, face: Hashable) -> int:
        """A label (1 to 6) of this die that carries ``face``; of several, one at random."""
        faces = self.faces_of(die)
        choices = [k + 1 for k, f in enumerate(faces) if f == face]
        if not choices:
            raise ValueError(f"die {die} has no face {face!r}; its faces are {faces}")
        return self._rng.choice(choices)

    def _lay(self, d: Die, face: Hashable) -> None:
        """Label a die lying unturned so that ``face`` is on top."""
        d.labels = Labels.landing(TOP, self._label_for(d.index, face), self._rng)
        d.base = (1.0, 0.0, 0.0, 0.0)
        d.face = face

    # ------------------------------------------------------------ the owner's calls

    def take_up(self, rolling: Sequence[bool], toss: Toss | None) -> None:
        """A person shakes the cup (or drags it): the dice ``rolling`` go into it at once, and their flight
        from ``toss`` (the throw letting go now would make; None: not known yet) is worked out while they
        shake, a share a frame, so that letting go throws at once. Called every frame of the gesture: a toss
        near the one being worked out changes nothing; one further off starts a new flight, the last one worked
        out kept until then (see :mod:`scenes.dice.physics.throw_ahead`). The engine has not rolled: the flight needs
        no faces, only which dice fly; :meth:`throw` labels them."""
        if self._throw is not None:
            return  # dice still in the air: this shake waits for them
        rolling = tuple(bool(r) for r in rolling[:self.count])
        ahead = self._ahead
        if ahead is not None and ahead.rolling != rolling:
            self._put_back()
            ahead = None
        if ahead is None:
            thrown = [d for d in self._dice if d.index < len(rolling) and rolling[d.index]]
            if not thrown:
                return
            self._clock.finish_all()  # glides end where they were going: the dice are picked up from there
            ahead = self._ahead = Ahead(rolling, {d.index: d.state for d in thrown}, self.size)
            ahead.ready = self._stocked(rolling)
            for d in thrown:
                d.state, d.q = HAND, None
            self.cup.dice = len(thrown)
        if toss is not None and not ahead.near(toss):
            thrown = [self._dice[i] for i in ahead.before]
            toss = ahead.lead(toss)
            ahead.begin(toss, self._start_throw(thrown, toss))

    def _put_back(self) -> None:
        """The shake came to nothing: the dice in the cup lie again where they lay (or stay off the table)."""
        ahead, self._ahead = self._ahead, None
        if ahead is None:
            return
        for index, state in ahead.before.items():
            d = self._dice[index]
            if d.state == HAND:
                d.state = state
        self.cup.dice = 0

    def throw(self, faces: Sequence[Hashable], rolling: Sequence[bool], toss: Toss | None = None) -> None:
        """Dice with ``rolling[i]`` leave the hand and land showing ``faces[i]``."""
        if faces is None:
            raise ValueError("throw() needs the engine's faces; use place(None, ...) for an empty table")
        for i in range(self.count):
            if rolling[i]:
                self._label_for(i, faces[i])  # a face the die does not have is refused before anything moves
        toss = toss or Toss()
        ahead, self._ahead = self._ahead, None
        stock = self._stocked(tuple(bool(r) for r in rolling[:self.count]))
        if ahead is None and stock:  # thrown without a shake (a computer, a tap): a throw worked out may serve
            ahead = Ahead(tuple(bool(r) for r in rolling[:self.count]), {}, self.size)
            ahead.ready = stock
        found = ahead.chosen(tuple(bool(r) for r in rolling[:self.count]), toss) if ahead is not None else None
        worked, follow = found or (None, None)
        if worked is None and ahead is not None:
            self._ahead = ahead
            self._put_back()
        self.skip()  # a throw over an unfinished one: the old one lands first
        self._tidy_due = True
        thrown = []
        for die in self._dice:
            if rolling[die.index]:
                die.face = faces[die.index]
                thrown.append(die)
            elif die.state == OFF:  # a kept die never seen yet: put it down quietly
                self._lay(die, faces[die.index])
                self._put_down(die)
            elif die.face != faces[die.index]:
                self._lay(die, faces[die.index])  # a kept die always agrees with the engine
        if not thrown:
            self.cup.release()
            return
        if worked is not None:  # worked out while they shook: they leave the cup as soon as it is known
            _into_hand(self._clock, thrown)
            self._throw = worked
            self.cup.dice = len(thrown)
            if follow is not None and self.cup.visible:  # the hand follows through to where its flight begins
                self.cup.follow(follow, FOLLOW_TIME)
            if toss.pos is not None:  # a flick: the cup was seen all the drag; it pours as the hand goes on
                worked.in_hand = IN_HAND - FOLLOW_TIME
            return
        self._fly(thrown, toss)  # the cup goes on shaking until the dice leave it

    def _fly(self, thrown: list[Die], toss: Toss) -> None:
        self._throw = self._start_throw(thrown, toss)
        self.cup.dice = len(thrown)

    def _start_throw(self, thrown: list[Die], toss: Toss) -> Throw:
        """The flight of ``thrown`` from ``toss``, to be worked out a share a frame; the dice go into the hand."""
        throw = self._plan(thrown, toss)
        _into_hand(self._clock, thrown)
        return throw

    def _plan(self, thrown: list[Die], toss: Toss, rng: random.Random | None = None) -> Throw:
        """The flight of ``thrown`` from ``toss``, to be worked out a share a frame; no die moves yet. Drawn
        from ``rng`` (the tray's own by default)."""
        rng = rng or self._rng
        x0, y0, width, depth = self._throw_room()
        zones = []
        if min(width, depth) < ROOMY:  # the panels leave no room to throw into: over the whole felt, eased off them
            x0, y0, width, depth = self._throw_room(self.tray)
            zones = self.spots.zones(lambda px, py: (self.view.felt_point(px, py)[0] - x0,
                                                     self.view.felt_point(px, py)[1] - y0))
        (sx, sy), direction = toss.aim(self.view, rng)
        start = (min(max(sx - x0, 0.0), width), min(max(sy - y0, 0.0), depth))
        lying = [d for d in self._dice if d not in thrown and d.state == REST and not d.held]
        rng = random.Random(rng.getrandbits(64))  # the throw's own: worked out a little at a time
        obstacles = [(*self._world_point(d.x, d.y, x0, y0), d.orientation()) for d in lying]
        # Over a felt the panels crowd, a second throw seldom rests better and doubles the wait in the cup: the
        # first one stands, and the tidy after it glides dice aside.
        may_rest = None if zones else self._may_rest_for(lying, (x0, y0))
        work = throwing(width, depth, len(thrown), Aim(start, direction, toss.strength), rng, may_rest,
                        obstacles, zones)
        return Throw(work, [d.index for d in thrown], (x0, y0))

    # ------------------------------------------------------------ throws worked out while the dice lie still

    def _ready_key(self) -> tuple:
        """What a throw worked out now depends on: which dice would go, the panels, the felt and the die's size."""
        return (tuple(not d.held for d in self._dice), tuple(tuple(r) for r in self.spots.keep_clear),
                tuple(self.tray), self.size)

    def preparing(self) -> bool:
        """Throws are still being worked out while the dice lie still (the owner keeps frames coming for them)."""
        loose = self.stock_wanted and any(not d.held for d in self._dice) and self._throw is None
        return self._stock.preparing(self._ready_key(), loose)

    def _stocked(self, rolling: tuple[bool, ...]) -> list:
        """The throws worked out ahead for ``rolling`` (each used once: the same flight twice would be seen)."""
        key = self._ready_key()
        return self._stock.take(key) if key[0] == rolling else self._stock.take(None)

    def _leave_hand(self, flight: Flight) -> None:
        """The throw is known: each die gets the labels that land it on the engine's face, and flies."""
        self._throw.left = True
        self.cup.release()
        self.cup.dice = 0
        for k, index in enumerate(self._throw.dice):
            d = self._dice[index]
            q = flight.rest[k][2]
            d.labels = self._labels_to_land(d, q)
            d.state, d.held, d.home = FLY, False, None
            d.x, d.y, d.z, d.q = *self._canvas(*flight.poses[k][0][:3], self._throw.world), flight.poses[k][0][3]

    def _labels_to_land(self, d: Die, q: Quat) -> Labels:
        """Labels that put the engine's face on the body face ``q`` leaves on top. Pips look alike turned, so
        any of the four will do; a symbol should come to rest near upright, so the one that reads best."""
        top, number = up_axis(q), self._label_for(d.index, d.face)
        if not self.looks[d.index].symbols:
            return Labels.landing(top, number, self._rng)
        return Labels.upright_landing(q, number)

    def _may_rest_for(self, lying: list[Die], world: tuple[float, float]) -> Callable[[list], bool]:
        """Whether a throw's resting places (its world's units) will do, beside the dice ``lying`` on the felt."""
        still = [d.spot() for d in lying]
        return lambda rest: self.spots.may_rest([(*self._canvas(x, y, 0.5, world)[:2], yaw(q)) for x, y, q in rest],
                                                still)

    def place(self, faces: Sequence[Hashable] | None, held: Sequence[bool]) -> None:
        """Show dice at rest, no animation: held ones in their slots, the rest tidily on the felt.

        A die already resting at a free spot on the felt stays there, so placing the same dice again does
        not shuffle them. ``faces`` None clears the table."""
        if faces is not None:
            for i in range(self.count):
                self._label_for(i, faces[i])
        self._clock = Clock()
        self._throw = None
        self._put_back()
        self.cup.release()
        was_on_felt = {d.index for d in self._dice if d.state != OFF and not d.held}
        if faces is None and any(d.state == REST for d in self._dice):  # taken away: remembered for an Undo
            self._taken = {d.index: (d.x, d.y, d.angle, d.face, d.labels, d.base) for d in self._dice
                           if d.state == REST and not d.held}
        for die in self._dice:
            die.held = bool(held[die.index]) if die.index < len(held) else False
            die.z, die.q = 0.0, None
            if faces is None:
                die.state, die.face, die.home, die.labels = OFF, None, None, None
                continue
            taken = self._taken.get(die.index)
            if die.state == OFF and not die.held and taken is not None and taken[3] == faces[die.index]:
                die.x, die.y, die.angle, die.face, die.labels, die.base = taken  # put back just as it lay
                was_on_felt.add(die.index)
            elif die.labels is None or die.face != faces[die.index] or die.state == OFF:
                self._lay(die, faces[die.index])
                die.angle = 0.0
            die.state = REST
            if die.held:
                die.x, die.y = self.slot_centre(die.index)
                die.angle = die.upright(die.angle, self.looks[die.index].symbols)
        if faces is None:
            return
        self._taken = {}
        loose = [d for d in self._dice if not d.held]
        for die in loose:
            die.state = OFF  # not a claim until it is put down again
        for die in loose:
            if die.index in was_on_felt and self.spots.free(die.spot(), self._claims(die), 0):
                die.state = REST
                die.home = (die.x, die.y)
        for die in loose:
            if die.state == OFF:
                self._put_down(die)
        self.tidy(glide=False)

    def set_held(self, die: int, held: bool) -> None:
        """Held dice glide to their slot in the hold row and get the gold mark; released ones glide back."""
        d = self._dice[die]
        if d.held == held:
            return
        if d.state in (HAND, FLY):  # caught mid-throw: this throw lands now
            self.skip()
        d.held = held
        self._tidy_due = True
        if d.state == OFF:
            return
        if held:
            if d.state == REST:
                d.home = (d.x, d.y)
            x, y = self.slot_centre(die)
            angle = d.upright(d.angle, self.looks[d.index].symbols)
        else:
            angle = round(d.angle / 90) * 90
            x, y = self.spots.find(*(d.home or self.spots.near(d.x, d.y)), angle, self._claims(d))
        self._ease(d, (x, y, angle, 0.0), HOLD_TIME, self.size * 0.3, "in_out_cubic")

    def update(self, dt: float) -> None:
        """Advance by ``dt`` real seconds (times ``speed``)."""
        step = max(0.0, min(dt, 0.1)) * self.speed
        idle = self._throw is None and self._ahead is None and not self.busy()  # (not the frame the dice land in)
        self.cup.update(max(0.0, min(dt, 0.1)))
        share = round(WORK_RATE * max(1 / 240, min(dt, 1 / 30)))
        if self._ahead is not None and not self.cup.visible:  # the cup was put down: nothing thrown
            self._put_back()
        elif self._ahead is not None:
            self._ahead.work_out(step, share)
        throw = self._throw
        if throw is not None and not throw.left and step > IN_HAND + LONGEST:  # a frame longer than it all
            self.skip()
        elif throw is not None and not throw.left:  # the dice leave the hand after IN_HAND, once known
            throw.in_hand += step
            if throw.flight is None:
                throw.work_out(share)
            elif throw.in_hand >= IN_HAND:  # (not in a frame that worked: the first sight of a flight costs)
                self._leave_hand(throw.flight)
        throw = self._throw
        if throw is not None and throw.left and step > 2 * throw.flight.duration:  # nothing would be seen moving
            self.skip()
        elif throw is not None and throw.left:
            self._play(step)
        self._clock.tick(step)
        for d in self._dice:
            if d.state == EASE:
                d.follow_glide()
        if self._tidy_due and not self.busy():
            self._tidy_due = False
            self.tidy()
        if (self.stock_wanted and idle and self._throw is None and self._ahead is None and not self.cup.visible
                and not self.busy()):
            thrown = [d for d in self._dice if not d.held]
            self._stock.prepare(self._ready_key(), lambda: likely_tosses(self.tray, self.size) if thrown else [],
                                lambda toss, rng: self._plan(thrown, toss, rng), share)

    def _play(self, step: float) -> None:
        throw = self._throw
        throw.time += step
        for k, index in enumerate(throw.dice):
            d = self._dice[index]
            if d.state == FLY:
                x, y, z, d.q = throw.flight.pose(k, throw.time)
                d.x, d.y, d.z = self._canvas(x, y, z, throw.world)
        for hit in throw.heard():
            if self.on_hit:
                self.on_hit(hit.strength, hit.material)
        if throw.over:
            self._land()

    def _land(self) -> None:
        """The flight is over: every flown die lies where the physics left it, on its engine's face."""
        throw, self._throw = self._throw, None
        for k, index in enumerate(throw.dice if throw is not None else []):
            d = self._dice[index]
            if d.state != FLY:
                continue
            x, y, q = throw.flight.rest[k]
            d.x, d.y, _ = self._canvas(x, y, 0.5, throw.world)
            d.z, d.angle = 0.0, yaw(q)
            d.base = q_mul(q_axis_angle((0.0, 0.0, 1.0), -math.radians(d.angle)), q)
            d.state, d.q, d.home = REST, None, (d.x, d.y)

    def tidy(self, glide: bool = True) -> None:
        """Dice at rest that lie too close (a crowded felt, a row the panels over it left tight) move apart
        (see :meth:`Spots.tidy`), gliding or at once."""
        loose = sorted((d for d in self._dice if d.state == REST and not d.held), key=lambda d: self.rank(d.index))
        for d, goal in zip(loose, self.spots.tidy([d.spot() for d in loose])):
            if goal is not None and glide:
                self._ease(d, (*goal, 0.0), HOLD_TIME, 0.0, "in_out_cubic")
            elif goal is not None:
                d.x, d.y, d.angle = goal
                d.home = (d.x, d.y)

    def busy(self) -> bool:
        return self._throw is not None or any(d.state in (FLY, EASE) for d in self._dice)

    def skip(self) -> None:
        """Every die at rest now, on its final face. A throw whose dice never left the cup (skipped at once:
        Instant pace; or cut short) is not worked out further, which could take a frame too long: its dice
        are simply put down at free spots."""
        self._put_back()
        throw = self._throw
        if throw is not None and not throw.left and throw.flight is not None:
            self._leave_hand(throw.flight)
        elif throw is not None and not throw.left:
            self._throw = None
            self.cup.release()
            for d in (self._dice[index] for index in throw.dice):
                self._lay(d, d.face)
                self._put_down(d)
        self._land()
        self._clock.finish_all()

    def _ease(self, d: Die, goal: tuple[float, float, float, float], duration: float, arc: float,
              easing: str) -> None:
        self._clock.tweens = [t for t in self._clock.tweens if t.target is not d]
        d.glide_to(goal, arc)
        self._clock.tween(d, "progress", 1.0, duration, easing, on_done=d.end_glide)

    def _put_down(self, d: Die) -> None:
        """At rest at once, at the next tidy free spot on the felt (a row across the middle)."""
        pitch = self.size * 1.45
        x = self.tray.centerx + (self.rank(d.index) - (self.count - 1) / 2) * pitch
        d.angle = round(d.angle / 90) * 90
        d.x, d.y = self.spots.find(x, self.tray.centery, d.angle, self._claims(d))
        d.z, d.state, d.q = 0.0, REST, None
        d.home = (d.x, d.y)

    def _claims(self, exclude: Die) -> list[Spot]:
        """Where the other dice on the felt are, or are gliding to, at rest."""
        spots = []
        for d in self._dice:
            if d is exclude or d.held:
                continue
            if d.state == REST:
                spots.append(d.spot())
            elif d.state == EASE:
                spots.append((d.goal[0], d.goal[1], d.goal[2]))
        return spots
