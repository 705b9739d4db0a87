"""The scene stack with fake scenes: push, pop, replace, overlays and the lifecycle."""

import pytest

from scenes.ui.stack import Scene, SceneStack


class Fake(Scene):
    def __init__(self, name, log, transparent=False, consume=True):
        super().__init__(app=None)
        self.name, self.log, self.transparent, self.consume = name, log, transparent, consume

    def enter(self): self.log.append(f"{self.name}.enter")
    def exit(self): self.log.append(f"{self.name}.exit")
    def pause(self): self.log.append(f"{self.name}.pause")
    def resume(self): self.log.append(f"{self.name}.resume")
    def handle(self, intent):
        self.log.append(f"{self.name}.handle")
        return None if self.consume else intent
    def update(self, dt): self.log.append(f"{self.name}.update")
    def draw(self, surface): self.log.append(f"{self.name}.draw")


def test_push_pop_lifecycle_is_symmetric():
    log = []
    stack = SceneStack()
    a, b = Fake("a", log), Fake("b", log)
    stack.push(a)
    stack.push(b)
    assert stack.top is b
    assert stack.pop() is b
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume"]
    assert stack.pop() is a and stack.top is None and stack.pop() is None


def test_replace_swaps_the_top_without_waking_the_one_below():
    log = []
    stack = SceneStack()
    stack.push(Fake("a", log))
    stack.push(Fake("b", log))
    log.clear()
    stack.replace(Fake("c", log))
    assert log == ["b.exit", "c.enter"]
    assert [s.name for s in stack.scenes] == ["a", "c"]


def test_overlays_draw_over_the_scene_below_but_only_the_top_updates_and_handles():
    log = []
    stack = SceneStack()
    stack.push(Fake("floor", log))
    stack.push(Fake("table", log))
    stack.push(Fake("pause", log, transparent=True))
    stack.push(Fake("confirm", log, transparent=True))
    log.clear()
    stack.draw(None)
    stack.update(0.01)
    stack.handle("tap")
    assert log == ["table.draw", "pause.draw", "confirm.draw", "confirm.update", "confirm.handle"]


def test_unused_intents_come_back_and_clear_exits_top_first():
    log = []
    stack = SceneStack()
    stack.push(Fake("a", log))
    stack.push(Fake("b", log, consume=False))
    assert stack.handle("quit") == "quit"
    log.clear()
    stack.clear(Fake("title", log))
    assert log == ["b.exit", "a.exit", "title.enter"]
    assert len(stack.scenes) == 1


def test_an_empty_stack_passes_intents_through():
    assert SceneStack().handle("tap") == "tap"


@pytest.mark.parametrize("how", ["pop", "replace", "clear"])
def test_a_scene_that_left_is_let_go_at_the_next_update_though_it_refers_to_itself(how):
    """Scenes refer to themselves (their buttons' callbacks): only the cycle collector frees them, and its
    full pass is rare; a kiosk's memory climbed 30 MB over a few games between passes. The stack sweeps
    once a scene has left."""
    import gc
    import weakref

    class Holding(Scene):
        def __init__(self):
            super().__init__(None)
            self.itself = self  # as a Button(on_press=self.roll) does
            self.big = bytearray(4 * 2**20)  # a felt, a veil

    stack = SceneStack()
    stack.push(Scene(None))
    old = Holding()
    stack.push(old)
    gone = weakref.ref(old)
    del old
    gc.collect()  # the scene has lived long: it sits in the collector's oldest generation
    getattr(stack, how)(*([] if how == "pop" else [Scene(None)]))
    stack.update(0.01)
    assert gone() is None
