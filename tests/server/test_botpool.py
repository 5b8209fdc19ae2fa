"""`BotPool`: bots in worker processes, under a CPU budget per decision (real processes)."""

from __future__ import annotations

import asyncio
import os
import pickle
import signal
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

import numrules
from numrules.apps.server import botpool
from numrules.apps.server.botpool import FAILED, OK, OVER_BUDGET, BotPool, Decision, PoolClosedError
from numrules.core.bots import RandomBot

pytestmark = pytest.mark.timeout(90)

SLOW = "ismcts?iterations=1000000&rollout=heuristic"
"""A real bot that does not watch the clock: it would think for a long time."""

T = TypeVar("T")


def with_pool(body: Callable[[BotPool], Awaitable[T]], **options: Any) -> T:
    """Run `body(pool)` on a fresh event loop; the pool is always closed after."""

    async def main() -> T:
        pool = BotPool(**options)
        try:
            return await body(pool)
        finally:
            await pool.close()

    return asyncio.run(main())


def question(name: str, seed: int = 1, players: int = 3) -> tuple[Any, tuple[Any, ...], int]:
    """An observation and its legal actions at the start of a game, for a seat with a choice."""
    game = numrules.get_game(name)
    state = game.new_game(game.Config(players=players), seed)
    seat = max(range(players), key=lambda s: len(game.legal_actions_for(state, s)))
    return game.observe(state, seat), game.legal_actions_for(state, seat), seat


async def ask(
    pool: BotPool, key: str, name: str, spec: str = "random", seed: int = 7
) -> tuple[Decision, Sequence[Any]]:
    observation, actions, _ = question(name)
    decision = await pool.decide(key, name, spec, seed, observation, actions, False)
    return decision, actions


def wait_dead(pid: int) -> None:
    """Wait (bounded) until `pid` has exited: gone, or a zombie not yet reaped."""
    stat = Path(f"/proc/{pid}/stat")
    for _ in range(500):
        try:
            if stat.read_text().rsplit(")", 1)[1].split()[0] == "Z":
                return
        except (FileNotFoundError, ProcessLookupError):
            return
        time.sleep(0.01)
    raise AssertionError(f"process {pid} is still running")


def wait_busy(pid: int) -> None:
    """Wait (bounded) until `pid` has used a tenth of a CPU second more than now."""

    def ticks() -> int:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime + stime

    start = ticks()
    for _ in range(1000):
        if ticks() - start >= os.sysconf("SC_CLK_TCK") // 10:
            return
        time.sleep(0.01)
    raise AssertionError(f"process {pid} does not work")


def running(pid: int) -> bool:
    """Whether `pid` names a live process that is not a zombie."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.parametrize("name", numrules.game_names())
def test_observations_and_actions_pickle(name: str) -> None:
    observation, actions, _ = question(name)
    assert pickle.loads(pickle.dumps((observation, actions))) == (observation, actions)


def test_a_random_decision_in_each_game() -> None:
    async def body(pool: BotPool) -> None:
        assert pool.pids == ()  # nothing starts before the first decision
        for name in numrules.game_names():
            decision, actions = await ask(pool, f"{name}/0", name)
            assert decision.status == OK, decision
            assert any(decision.action is action for action in actions)
            assert decision.message == ""
            assert decision.cpu_seconds >= 0.0
        assert len(pool.pids) == 2

    with_pool(body, workers=2)


def test_the_same_key_keeps_its_bot() -> None:
    seed = 12345
    questions = [
        (name, n % 2 == 0, *question(name, seed=n))
        for n in range(4)
        for name in numrules.game_names()
    ]

    async def body(pool: BotPool) -> list[Any]:
        picks = []
        for name, optional, observation, actions, _ in questions:
            # Optional decisions: the bot declines some, and its generator moves on.
            decision = await pool.decide(
                "t/1", name, "random", seed, observation, actions, optional
            )
            assert decision.status == OK, decision
            picks.append(decision.action)
        return picks

    local = RandomBot(seed)
    expected = [local.act(o, a, optional) for _, optional, o, a, _ in questions]
    assert None in expected
    assert with_pool(body, workers=3) == expected


def test_forget_drops_the_bot() -> None:
    observation, actions, _ = question("stackattack")

    async def body(pool: BotPool) -> list[Any]:
        picks = []
        for forget in (False, False, True, False, False):
            if forget:
                pool.forget("t/0")
            decision = await pool.decide(
                "t/0", "stackattack", "random", 3, observation, actions, False
            )
            picks.append(decision.action)
        return picks

    local = RandomBot(3)
    first = [local.act(observation, actions, False) for _ in range(4)]
    picks = with_pool(body)
    assert picks == first[:2] + first[:3]  # rebuilt from its seed after forget


def test_over_budget_then_the_worker_goes_on() -> None:
    async def body(pool: BotPool) -> None:
        warm, _ = await ask(pool, "a", "numwars")
        assert warm.status == OK
        (pid,) = pool.pids
        started = time.monotonic()
        decision, _ = await ask(pool, "slow", "numwars", SLOW)
        waited = time.monotonic() - started
        assert decision.status == OVER_BUDGET, decision
        assert decision.action is None
        assert "CPU budget" in decision.message, decision
        assert 0.4 <= decision.cpu_seconds <= 2.0, decision
        assert waited < pool.wall_seconds
        assert pool.pids == (pid,)  # stopped by its own timer, not killed
        cheap, actions = await ask(pool, "b", "numwars")
        assert cheap.status == OK
        assert cheap.action in actions

    # A generous backstop: on a crowded machine, only the CPU timer may stop this bot.
    with_pool(body, cpu_seconds=0.5, wall_seconds=60.0)


def test_the_wall_backstop_kills_a_worker() -> None:
    # With the wall backstop no longer than the CPU budget, the parent's kill comes first.
    async def body(pool: BotPool) -> None:
        decision, _ = await ask(pool, "slow", "numwars", SLOW)
        assert decision.status == OVER_BUDGET, decision
        assert "wall seconds" in decision.message
        assert pool.pids == ()  # killed; the next decision starts another
        cheap, actions = await ask(pool, "slow", "numwars")
        assert cheap.status == OK
        assert cheap.action in actions
        assert len(pool.pids) == 1

    with_pool(body, cpu_seconds=1.0, wall_seconds=1.0)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_worker_killed_while_idle_is_replaced() -> None:
    async def body(pool: BotPool) -> None:
        first, _ = await ask(pool, "a", "numbounce")
        assert first.status == OK
        (pid,) = pool.pids
        os.kill(pid, signal.SIGKILL)
        wait_dead(pid)
        after, actions = await ask(pool, "a", "numbounce")
        assert after.status == OK, after
        assert after.action in actions
        assert len(pool.pids) == 1
        assert pool.pids != (pid,)

    with_pool(body)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_worker_killed_mid_decision_answers_failed() -> None:
    async def body(pool: BotPool) -> None:
        await ask(pool, "a", "numwars")
        (pid,) = pool.pids
        task = asyncio.create_task(ask(pool, "slow", "numwars", SLOW))
        await asyncio.to_thread(wait_busy, pid)
        os.kill(pid, signal.SIGKILL)
        decision, _ = await task
        assert decision.status == FAILED, decision
        assert "ended" in decision.message
        after, actions = await ask(pool, "slow", "numwars", "random")
        assert after.status == OK
        assert after.action in actions
        assert pool.pids != (pid,)

    with_pool(body, cpu_seconds=20.0)


def test_a_cancelled_caller_leaves_the_worker_in_order() -> None:
    async def body(pool: BotPool) -> None:
        await ask(pool, "a", "numwars")
        (pid,) = pool.pids
        task = asyncio.create_task(ask(pool, "slow", "numwars", SLOW))
        await asyncio.sleep(0.3)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        # The next request waits for the abandoned one, then gets its own answer.
        observation, actions, _ = question("stackattack")
        decision = await pool.decide("b", "stackattack", "first", 1, observation, actions, False)
        assert decision.status == OK
        assert decision.action is actions[0]
        assert pool.pids == (pid,)

    with_pool(body, cpu_seconds=1.0)


def test_twenty_keys_at_once() -> None:
    names = numrules.game_names()

    async def body(pool: BotPool) -> list[tuple[Decision, Sequence[Any]]]:
        return await asyncio.gather(
            *(ask(pool, f"table{n}/{n % 3}", names[n % len(names)]) for n in range(20))
        )

    answers = with_pool(body, workers=2)
    assert len(answers) == 20
    for decision, actions in answers:
        assert decision.status == OK
        assert decision.action in actions


def test_the_loop_keeps_running_while_a_bot_thinks() -> None:
    async def body(pool: BotPool) -> int:
        await ask(pool, "a", "numwars")  # the worker is up
        ticks = 0
        stop = asyncio.Event()

        async def ticker() -> None:
            nonlocal ticks
            while not stop.is_set():
                await asyncio.sleep(0.01)
                ticks += 1

        task = asyncio.create_task(ticker())
        decision, _ = await ask(pool, "slow", "numwars", SLOW)
        stop.set()
        await task
        assert decision.status == OVER_BUDGET
        return ticks

    # One CPU second of thinking leaves room for about 100 ticks: 10 at least.
    assert with_pool(body, cpu_seconds=1.0, wall_seconds=60.0) >= 10


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_close_stops_every_worker() -> None:
    async def main() -> None:
        pool = BotPool(workers=3, cpu_seconds=30.0)
        pids: tuple[int, ...] = ()
        try:
            answers = await asyncio.gather(*(ask(pool, f"k{n}", "stackattack") for n in range(12)))
            assert all(decision.status == OK for decision, _ in answers)
            slow = asyncio.create_task(ask(pool, "slow", "numwars", SLOW))
            await asyncio.sleep(0.3)
            pids = pool.pids
            assert len(pids) == 3
            assert all(running(pid) for pid in pids)
        finally:
            await pool.close()
        assert not any(running(pid) for pid in pids)
        assert pool.pids == ()
        decision, _ = await slow  # the decision under way ends with its worker
        assert decision.status == FAILED
        await pool.close()  # idempotent
        with pytest.raises(PoolClosedError):
            await ask(pool, "k0", "stackattack")

    asyncio.run(main())


def test_a_bot_that_raises_fails_and_the_pool_goes_on() -> None:
    async def body(pool: BotPool) -> None:
        # Num Wars' own bot, shown a Stack Attack observation.
        observation, actions, _ = question("stackattack")
        decision = await pool.decide("w/0", "numwars", "heuristic", 1, observation, actions, False)
        assert decision.status == FAILED
        assert decision.action is None
        assert decision.message.startswith("AttributeError: ")
        assert "Traceback" not in decision.message
        bad = await pool.decide("w/1", "numwars", "ismcts?depth=3", 1, observation, actions, False)
        assert bad.status == FAILED
        assert "ConfigError" in bad.message
        unknown = await pool.decide("w/2", "nosuchgame", "random", 1, observation, actions, False)
        assert unknown.status == FAILED
        assert "UnknownGameError" in unknown.message
        after, offered = await ask(pool, "w/0", "numwars", "heuristic")
        assert after.status == OK
        assert after.action in offered

    with_pool(body)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="workers"):
        BotPool(workers=0)
    with pytest.raises(ValueError, match="cpu_seconds"):
        BotPool(cpu_seconds=0)
    with pytest.raises(ValueError, match="wall_seconds"):
        BotPool(cpu_seconds=5, wall_seconds=1)
    assert BotPool(cpu_seconds=5).wall_seconds == 15
    assert BotPool(cpu_seconds=1).wall_seconds == 11


def test_keys_go_to_stable_workers() -> None:
    pool = BotPool(workers=4)
    assert [pool.worker_of(f"t{n}/0") for n in range(8)] == [
        pool.worker_of(f"t{n}/0") for n in range(8)
    ]
    assert pool.worker_of("abc/1") == 4195146566 % 4  # zlib.crc32, not the salted hash()
    assert len({pool.worker_of(f"t{n}/0") for n in range(40)}) == 4


# -- the worker's decision, run here (no process) on bots the pool cannot be asked for ---


class Liar:
    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        return "not an action"


class Decliner:
    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        return None


class Stubborn:
    # Swallows every Exception, and loops forever.
    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        while True:
            try:
                sum(range(1000))
            except Exception:
                continue


def decide_here(bot: Any, optional: bool = False, cpu_seconds: float = 1.0) -> Any:
    observation, actions, _ = question("stackattack")
    bots = {"k": bot}
    reply = botpool._decide(
        bots, cpu_seconds, "k", "stackattack", "random", 1, observation, actions, optional
    )
    return reply, bots


def test_an_answer_not_offered_fails() -> None:
    (status, index, _, message), bots = decide_here(Liar())
    assert (status, index) == (FAILED, None)
    assert "not an offered action" in message
    assert bots == {}  # discarded: rebuilt from its spec at the next decision


def test_a_declined_decision_is_passed_on_for_the_caller_to_judge() -> None:
    # Whether the decision could be declined is the hub's to judge, with its cursor
    # (tests/core/test_cursor.py: the server and play_match refuse it alike).
    for optional in (False, True):
        (status, index, _, message), bots = decide_here(Decliner(), optional=optional)
        assert (status, index, message) == (OK, None, "")
        assert "k" in bots  # kept, like any bot that answered


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no CPU timer")
def test_the_cpu_timer_gets_past_except_exception() -> None:
    previous = signal.signal(signal.SIGPROF, botpool._on_sigprof)
    try:
        (status, index, cpu, _), bots = decide_here(Stubborn(), cpu_seconds=0.3)
    finally:
        signal.signal(signal.SIGPROF, previous)
    assert (status, index) == (OVER_BUDGET, None)
    assert cpu >= 0.25  # the timer counts in clock ticks
    assert bots == {}
