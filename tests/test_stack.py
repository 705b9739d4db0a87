"""The scene stack with fake scenes: push, pop, replace, overlays and the lifecycle."""

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
