"""A serving app's garbage collector: the start-up's objects frozen, the old generation
collected on the timer (and only then), Python's own collector back when the app stops."""

from __future__ import annotations

import asyncio
import gc
import weakref

from async_support import run_apart
from cribkit.web.site.collector import NEVER, full_collections_every


class _Node:
    def __init__(self) -> None:
        self.partner: _Node | None = None


def _old_cycle() -> weakref.ref[_Node]:
    """A reference cycle moved to the old generation, then dropped: only a full collection
    frees it."""
    first, second = _Node(), _Node()
    first.partner, second.partner = second, first
    gc.collect(0)
    gc.collect(1)  # survivors of the middle generation go to the old one
    return weakref.ref(first)


def test_while_serving_the_start_up_is_frozen_and_python_s_rule_is_back_after() -> None:
    before = gc.get_threshold()

    async def serve() -> tuple[tuple[int, int, int], int]:
        async with full_collections_every(60):
            return gc.get_threshold(), gc.get_freeze_count()

    inside, frozen = run_apart(serve())
    assert inside == (before[0], before[1], NEVER)
    assert frozen > 1000  # at least the modules loaded so far
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_old_garbage_waits_for_the_timer_and_no_longer() -> None:
    async def serve() -> tuple[bool, bool]:
        async with full_collections_every(1):
            cycle = _old_cycle()
            for _ in range(3):  # young collections alone never reach it
                gc.collect(1)
            alive_before = cycle() is not None
            await asyncio.sleep(1.5)
            return alive_before, cycle() is None

    waited, freed = run_apart(serve())
    assert waited and freed


def test_two_apps_in_one_process_share_the_collector_and_zero_leaves_it_alone() -> None:
    before = gc.get_threshold()

    async def serve() -> list[tuple[int, int, int]]:
        seen = []
        async with full_collections_every(0):
            seen.append(gc.get_threshold())
        async with full_collections_every(60):
            async with full_collections_every(60):
                seen.append(gc.get_threshold())
            seen.append(gc.get_threshold())  # the first app still serves
        return seen

    assert run_apart(serve()) == [before, (*before[:2], NEVER), (*before[:2], NEVER)]
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
