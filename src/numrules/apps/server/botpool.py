"""Bots that think in worker processes, under a CPU-time budget per decision.

`BotPool` runs bots outside the server process, so that a long search holds neither
the event loop, nor the GIL, nor any table lock::

    pool = BotPool(workers=2, cpu_seconds=5.0)
    decision = await pool.decide("<table id>/<seat>", "numwars", "heuristic", seed,
                                 observation, actions, optional)
    if decision.status == "ok":
        ...  # decision.action is one of `actions`, or None (the bot declined)
    pool.forget("<table id>/<seat>")  # when the table is done with that bot
    await pool.close()

Design:

- **Workers.** `workers` processes from the `spawn` multiprocessing context (never
  `fork`: the server runs an event loop and threads), started on the first decision
  that needs one. Each worker holds bots by key, built on first use with
  `numrules.core.bots.make_bot(spec, seed, get_game(game))`. A key always goes to the
  same worker (`zlib.crc32(key) % workers`, stable from run to run), so a bot keeps its
  state (its random numbers, what it planned) from one decision to the next.
- **CPU budget, enforced while the bot runs.** Around the building of a bot and each
  `act`, the worker arms `signal.setitimer(signal.ITIMER_PROF, cpu_seconds, 0.1)`;
  SIGPROF raises a private `BaseException` subclass (so a bot's `except Exception`
  does not swallow it; it fires again every 0.1 CPU seconds in case a bare `except`
  did). The bot is then discarded (it is rebuilt from its spec and seed at its next
  decision) and the answer is `over_budget`. A bot that raises, or answers something
  that is neither one of its actions nor None, answers `failed` and is discarded too;
  None (the bot declined) is passed on, and whether the decision could be declined is
  the caller's to judge (the server's `DecisionCursor` refuses a required one). The
  signal is handled between Python bytecodes only: a bot stuck in one long C call is
  stopped by the wall backstop alone. Where `setitimer` does not exist (Windows), only
  the wall backstop applies.
- **Wall backstop.** If a worker does not answer within `wall_seconds`, the parent kills
  it (`Process.kill()`) and answers `over_budget`; a worker that died on its own (killed
  from outside) answers `failed`. Either way the next decision for one of its keys
  starts a fresh worker, where its bots are rebuilt from their spec and seed.
- **The event loop never waits.** Each worker takes one request at a time (an
  `asyncio.Lock` per worker queues the others); the blocking pipe I/O runs in a thread
  of the pool's own (one per worker), which releases the GIL while it waits. Actions go
  to the worker and come back as an index into the offered `actions`, so a decision
  returns one of the caller's own objects. A caller cancelled mid-decision leaves the
  worker busy until that decision ends; nothing is lost or mixed up.
- **Shutting down.** `close()` asks idle workers to stop, then terminates and kills
  whatever is left, and joins them all, within a few seconds. Workers also stop on
  their own when the pipe to the server closes (the server died), and ignore SIGINT
  (a Ctrl-C in the terminal is the server's to handle).

Observations and actions travel by pickle (the games' frozen attrs classes pickle).
As with every `spawn` start, a program that creates a pool from a script must guard
its entry point with `if __name__ == "__main__":`.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import pickle
import signal
import threading
import time
import zlib
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

import attrs

from numrules.core.bots import make_bot
from numrules.core.game import get_game

OK = "ok"
"""`Decision.status`: the bot answered in time with one of its actions, or declined."""
OVER_BUDGET = "over_budget"
"""`Decision.status`: the bot ran out of CPU time, or its worker out of wall time."""
FAILED = "failed"
"""`Decision.status`: the bot could not be built, raised, answered something not
offered, or its worker died."""

STARTUP_SECONDS = 60.0
"""Wall seconds a new worker may take to start (import numrules) before it is killed."""
STOP_SECONDS = 2.0
"""Wall seconds `close()` waits for workers to stop politely, then for each stage."""
REPEAT_SECONDS = 0.1
"""CPU seconds between repeated SIGPROF once a budget is spent (until it is disarmed)."""
_MESSAGE_CHARS = 200


@attrs.frozen(slots=True)
class Decision:
    """What a bot of the pool decided."""

    action: Any | None
    """One of the offered actions, or None: the bot declined, or gave no answer."""
    status: str
    """`"ok"`, `"over_budget"` or `"failed"` (see `OK`, `OVER_BUDGET`, `FAILED`)."""
    cpu_seconds: float
    """CPU seconds the decision used in the worker (building the bot included); for a
    worker killed by the wall backstop, the wall seconds waited; 0.0 if it never ran."""
    message: str = ""
    """Why, when the status is not `"ok"` (a short text, no traceback)."""


class PoolClosedError(RuntimeError):
    """`BotPool.decide` was called after `BotPool.close`."""


def default_wall_seconds(cpu_seconds: float) -> float:
    """The wall backstop for a CPU budget: `max(3 * cpu_seconds, cpu_seconds + 10)`."""
    return max(3 * cpu_seconds, cpu_seconds + 10)


class BotPool:
    """Worker processes running bots by key, under a CPU budget per decision.

    Args:
        workers: how many worker processes (each runs one decision at a time).
        cpu_seconds: CPU seconds one decision may use (building the bot included).
        wall_seconds: wall seconds the parent waits for an answer before it kills the
            worker; by default `default_wall_seconds(cpu_seconds)`.

    Raises:
        ValueError: a count or a time that is not positive, or a wall backstop shorter
            than the CPU budget.

    """

    def __init__(
        self, workers: int = 1, cpu_seconds: float = 5.0, wall_seconds: float | None = None
    ) -> None:
        if type(workers) is not int or workers < 1:
            raise ValueError(f"workers must be a positive int, got {workers!r}")
        if not cpu_seconds > 0:
            raise ValueError(f"cpu_seconds must be positive, got {cpu_seconds!r}")
        wall = default_wall_seconds(cpu_seconds) if wall_seconds is None else wall_seconds
        if not wall >= cpu_seconds:
            raise ValueError(f"wall_seconds must be at least cpu_seconds, got {wall!r}")
        self.workers = workers
        self.cpu_seconds = float(cpu_seconds)
        self.wall_seconds = float(wall)
        self._slots = [_Slot(self) for _ in range(workers)]
        self._executor: ThreadPoolExecutor | None = None
        self._closed = False

    @property
    def closed(self) -> bool:
        """Whether `close` was called."""
        return self._closed

    @property
    def pids(self) -> tuple[int, ...]:
        """The process ids of the workers started and not yet retired."""
        return tuple(pid for slot in self._slots if (pid := slot.pid) is not None)

    def worker_of(self, key: str) -> int:
        """The index of the worker that runs the bot called `key` (stable across runs)."""
        return zlib.crc32(key.encode()) % self.workers

    async def decide(
        self,
        key: str,
        game: str,
        spec: str,
        seed: int,
        observation: Any,
        actions: Sequence[Any],
        optional: bool,
    ) -> Decision:
        """Ask the bot called `key` for one of `actions`, building it on first use.

        Args:
            key: names the bot (the server uses `"<table id>/<seat>"`); the same key
                keeps the same bot from one decision to the next.
            game: the game's registry name.
            spec: a bot spec for `make_bot` (`"ismcts?iterations=200"`); with `seed`,
                used only when the bot is (re)built.
            seed: the bot's seed.
            observation: `game.observe(state, seat)` for the bot's seat.
            actions: the seat's legal actions (never empty).
            optional: whether the bot may decline (answer None), as the bot is told.

        Returns:
            The decision; its `action` is one of `actions` (the same object) or None. A
            bot that declines answers `ok` with None, `optional` or not: the caller
            judges whether the decision could be declined.

        Raises:
            PoolClosedError: the pool is closed.

        """
        if self._closed:
            raise PoolClosedError("the bot pool is closed")
        slot = self._slots[self.worker_of(key)]
        request = ("decide", key, game, spec, seed, observation, tuple(actions), bool(optional))
        loop = asyncio.get_running_loop()
        await slot.lock.acquire()
        try:
            if self._closed:
                raise PoolClosedError("the bot pool is closed")
            if self._executor is None:
                self._executor = ThreadPoolExecutor(self.workers, "numrules-botpool")
            future = loop.run_in_executor(self._executor, slot.call, request)
        except BaseException:
            slot.lock.release()
            raise
        # The lock is freed when the worker has answered, even if this caller is cancelled.
        future.add_done_callback(lambda _: slot.lock.release())
        status, index, cpu, message = await asyncio.shield(future)
        action = actions[index] if index is not None else None
        return Decision(action, status, cpu, message)

    def forget(self, key: str) -> None:
        """Drop the bot called `key` (its table is over or expired).

        Its worker drops it before its next request; a later decision for `key` builds
        a fresh bot from its spec and seed.
        """
        self._slots[self.worker_of(key)].forget(key)

    async def close(self) -> None:
        """Stop every worker (politely, then by force) and wait for them; idempotent.

        Decisions under way answer `failed`; `decide` then raises `PoolClosedError`.
        """
        if self._closed:
            return
        self._closed = True
        await asyncio.to_thread(self._shut_down)

    def _shut_down(self) -> None:
        workers = [(slot, slot.take()) for slot in self._slots]
        live = [(slot, worker) for slot, worker in workers if worker is not None]
        polite: list[_Worker] = []
        busy: list[_Worker] = []
        for slot, worker in live:
            # Ask only an idle worker: a busy one's pipe belongs to the thread using it.
            if slot.io.acquire(blocking=False):
                try:
                    worker.conn.send(("stop",))
                    polite.append(worker)
                except (OSError, ValueError):
                    busy.append(worker)
                finally:
                    slot.io.release()
            else:
                busy.append(worker)
        _stop(busy, 0.0)
        _stop(polite, STOP_SECONDS)
        for slot, worker in live:
            if slot.io.acquire(timeout=STOP_SECONDS):  # a thread in flight saw the EOF
                worker.conn.close()
                slot.io.release()
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)


# -- the parent's side of one worker ----------------------------------------------------

_Reply = tuple[str, int | None, float, str]


@attrs.define(eq=False)
class _Worker:
    process: BaseProcess
    conn: Connection
    ready: bool = False


class _Slot:
    # One worker's place in the pool: its current process (None until needed, and after
    # it died or was killed), its queue (`lock`), and its pipe's owner (`io`).

    def __init__(self, pool: BotPool) -> None:
        self.pool = pool
        self.lock = asyncio.Lock()
        """Queues decisions on the event loop: one in flight per worker."""
        self.io = threading.Lock()
        """Held by the thread using the pipe (and by `close` to close it)."""
        self.guard = threading.Lock()
        """Guards `worker` and `forgotten`."""
        self.worker: _Worker | None = None
        self.forgotten: set[str] = set()

    @property
    def pid(self) -> int | None:
        worker = self.worker
        return None if worker is None else worker.process.pid

    def forget(self, key: str) -> None:
        with self.guard:
            if self.worker is not None:
                self.forgotten.add(key)

    def take(self) -> _Worker | None:
        # The pool is closing: hand the worker over, and never start another.
        with self.guard:
            worker, self.worker = self.worker, None
            self.forgotten.clear()
            return worker

    def call(self, request: tuple[Any, ...]) -> _Reply:
        # One decision, in a thread of the pool's executor; never raises.
        with self.io:
            started = time.monotonic()
            try:
                worker = self._current()
            except Exception as exc:
                return (FAILED, None, 0.0, f"cannot start a worker: {_describe(exc)}")
            if worker is None:
                return (FAILED, None, 0.0, "the bot pool is closed")
            if not worker.ready:
                problem = _await_ready(worker)
                if problem:
                    self._retire(worker)
                    return (FAILED, None, 0.0, problem)
                worker.ready = True
                started = time.monotonic()
            with self.guard:
                forgotten = tuple(self.forgotten)
                self.forgotten.clear()
            try:
                worker.conn.send((*request, forgotten))
            except (OSError, ValueError, EOFError):
                self._retire(worker)
                return (FAILED, None, 0.0, "the worker process ended")
            except Exception as exc:  # pickling failed before anything was written
                return (FAILED, None, 0.0, f"cannot send the decision: {_describe(exc)}")
            try:
                if not worker.conn.poll(self.pool.wall_seconds):
                    waited = time.monotonic() - started
                    self._retire(worker)
                    return (
                        OVER_BUDGET,
                        None,
                        waited,
                        f"no answer within {self.pool.wall_seconds:g} wall seconds: worker killed",
                    )
                reply: _Reply = worker.conn.recv()
            except (OSError, ValueError, EOFError):
                self._retire(worker)
                return (FAILED, None, 0.0, "the worker process ended")
            return reply

    def _current(self) -> _Worker | None:
        # The worker to ask (the caller holds `io`): the running one, or a new one; None
        # once the pool is closed. The guard is never held while a process starts.
        with self.guard:
            if self.pool.closed:
                return None
            worker = self.worker
        if worker is not None:
            # An idle worker has nothing to say: a readable pipe is its end (EOF).
            if worker.process.is_alive() and not _ended(worker):
                return worker
            self._retire(worker)
        context = multiprocessing.get_context("spawn")
        mine, theirs = context.Pipe()
        process = context.Process(
            target=_serve,
            args=(theirs, self.pool.cpu_seconds),
            name="numrules-bot-worker",
            daemon=True,
        )
        try:
            process.start()
        except BaseException:
            mine.close()
            raise
        finally:
            theirs.close()
        new = _Worker(process, mine)
        with self.guard:
            if not self.pool.closed:  # else `close` has taken the workers already
                self.worker = new
                self.forgotten.clear()  # a new worker holds no bots
                return new
        _stop([new], 0.0)
        mine.close()
        return None

    def _retire(self, worker: _Worker) -> None:
        # Kill a worker that failed us (the caller holds `io`); the next call starts another.
        with self.guard:
            if self.worker is worker:
                self.worker = None
                self.forgotten.clear()
        _stop([worker], 0.0)
        worker.conn.close()


def _ended(worker: _Worker) -> bool:
    # Whether a ready, idle worker's pipe shows its end.
    try:
        return worker.ready and worker.conn.poll(0)
    except (OSError, ValueError, EOFError):
        return True


def _await_ready(worker: _Worker) -> str:
    # "" once the new worker says it is ready; else what went wrong.
    try:
        if not worker.conn.poll(STARTUP_SECONDS):
            return f"the worker did not start within {STARTUP_SECONDS:g} seconds"
        message = worker.conn.recv()
    except (OSError, ValueError, EOFError):
        return "the worker process ended while starting"
    return "" if message == "ready" else f"the worker did not start: {message!r}"


def _stop(workers: Sequence[_Worker], grace: float) -> None:
    # Wait up to `grace` for the workers to end, then terminate, then kill; join them all.
    deadline = time.monotonic() + grace
    for worker in workers:
        worker.process.join(max(0.0, deadline - time.monotonic()))
    for worker in workers:
        if worker.process.is_alive():
            worker.process.terminate()
    deadline = time.monotonic() + (STOP_SECONDS if grace > 0 else 0.2)
    for worker in workers:
        worker.process.join(max(0.0, deadline - time.monotonic()))
    for worker in workers:
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join()


def _describe(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return text if len(text) <= _MESSAGE_CHARS else text[: _MESSAGE_CHARS - 3] + "..."


# -- the worker process -------------------------------------------------------------------


class _OverBudget(BaseException):
    # Raised by SIGPROF in the worker: not an Exception, so `except Exception` lets it by.
    pass


_ARMED = [False]


def _on_sigprof(signum: int, frame: Any) -> None:
    if _ARMED[0]:
        raise _OverBudget


def _arm(cpu_seconds: float) -> None:
    _ARMED[0] = True
    if hasattr(signal, "setitimer"):
        signal.setitimer(signal.ITIMER_PROF, cpu_seconds, REPEAT_SECONDS)


def _disarm() -> None:
    _ARMED[0] = False  # first: from here on, a late SIGPROF raises nothing
    if hasattr(signal, "setitimer"):
        signal.setitimer(signal.ITIMER_PROF, 0)


def _serve(conn: Connection, cpu_seconds: float) -> None:
    # A worker's main loop: answer requests until told to stop or the pipe closes.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGPROF"):
        signal.signal(signal.SIGPROF, _on_sigprof)

    bots: dict[str, Any] = {}
    try:
        conn.send("ready")
        while True:
            try:
                data = conn.recv_bytes()
            except (EOFError, OSError):
                return
            try:
                request = pickle.loads(data)
            except Exception as exc:  # such as a class this process cannot import
                conn.send((FAILED, None, 0.0, f"cannot read the decision: {_describe(exc)}"))
                continue
            if request[0] != "decide":
                return
            *question, forgotten = request[1:]
            for key in forgotten:
                bots.pop(key, None)
            try:
                reply = _decide(bots, cpu_seconds, *question)
            except _OverBudget:  # a late signal, past the handlers of `_decide`
                _disarm()
                bots.pop(question[0], None)
                reply = (OVER_BUDGET, None, cpu_seconds, "CPU budget spent")
            conn.send(reply)
    except (EOFError, OSError):  # the server is gone
        return
    finally:
        conn.close()


def _decide(
    bots: dict[str, Any],
    cpu_seconds: float,
    key: str,
    game_name: str,
    spec: str,
    seed: int,
    observation: Any,
    actions: tuple[Any, ...],
    optional: bool,
) -> _Reply:
    # Build the bot if needed and ask it, under the CPU budget; the reply names the
    # action by its index in `actions`.
    try:
        game = get_game(game_name)  # imports the game's module: not timed
    except Exception as exc:
        return (FAILED, None, 0.0, _describe(exc))
    bot = bots.pop(key, None)  # put back only after a good answer
    picked: Any = None
    problem = ""
    start = time.process_time()
    try:
        try:
            _arm(cpu_seconds)
            if bot is None:
                bot = make_bot(spec, seed, game)
            picked = bot.act(observation, actions, optional)
        except Exception as exc:
            problem = _describe(exc)
        finally:
            _disarm()
    except _OverBudget:
        _disarm()
        used = time.process_time() - start
        return (OVER_BUDGET, None, used, f"CPU budget of {cpu_seconds:g} seconds spent")
    used = time.process_time() - start
    if problem:
        return (FAILED, None, used, problem)
    if picked is None:  # whether it could decline is the caller's to judge
        bots[key] = bot
        return (OK, None, used, "")
    for index, action in enumerate(actions):
        if action == picked:
            bots[key] = bot
            return (OK, index, used, "")
    text = repr(picked)
    return (FAILED, None, used, f"the bot answered {text[:_MESSAGE_CHARS]}, not an offered action")
