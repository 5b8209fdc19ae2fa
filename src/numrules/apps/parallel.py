"""Run independent tasks in this process, in local worker processes or on a Ray cluster.

`run_tasks(fn, tasks, workers=..., backend=...)` calls `fn(*task)` for every task and
yields the results **in task order**, whatever order they finish in, so whatever merges
them gets the same answer for any number of workers. Tasks are taken from the iterable
lazily and at most a small window of them is in flight, so a run of a million games
never holds a million results: the caller consumes each result as it comes.

Backends:

- `"processes"` (the default): `workers` local processes (1: everything runs in this
  process, no pool). On Linux the pool forks when this process has a single thread; from a
  program with threads (a progress bar) it uses the `forkserver` start method (`spawn`
  where there is no fork), which imports the main module again in each worker: such a
  script needs the `if __name__ == "__main__":` guard.
- `"ray"`: every task is a Ray task, and results come back in batches (`ray.wait` over
  the window). With `address`, the driver joins that existing cluster (`"auto"`, or
  `"ray://head:10001"`); without it, a local Ray with `workers` CPUs is started and shut
  down at the end. Needs the `ray` extra (`pip install 'numrules[ray]'`), and `numrules`
  installed on every node of the cluster.

`fn` must be a module-level function (it is sent to the workers by reference).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Literal, TypeVar

from numrules.core.errors import ConfigError

R = TypeVar("R")

Backend = Literal["processes", "ray"]
BACKENDS: tuple[Backend, ...] = ("processes", "ray")
"""The names `run_tasks` accepts as `backend`."""

WINDOW_PER_WORKER = 4
"""Tasks in flight per worker: enough to keep every worker busy while results are merged."""


def default_workers() -> int:
    """Every core of this machine (`os.cpu_count()`, at least 1)."""
    return os.cpu_count() or 1


def check_backend(backend: object, workers: object, address: object = None) -> Backend:
    """Return `backend` if the three settings make sense together; raise `ConfigError` if not."""
    if backend not in BACKENDS:
        raise ConfigError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    if type(workers) is not int or workers < 1:
        raise ConfigError(f"workers must be a positive int, got {workers!r}")
    if address is not None and backend != "ray":
        raise ConfigError("an address is for the ray backend (add --backend ray)")
    if address is not None and not isinstance(address, str):
        raise ConfigError(f"address must be a string, got {address!r}")
    return backend


def run_tasks(
    fn: Callable[..., R],
    tasks: Iterable[tuple[Any, ...]],
    *,
    workers: int = 1,
    backend: Backend = "processes",
    address: str | None = None,
) -> Iterator[R]:
    """Yield `fn(*task)` for each task, in task order (see the module's docstring).

    Raises:
        ConfigError: a bad backend, worker count or address; `ray` is missing.

    """
    check_backend(backend, workers, address)
    if backend == "ray":
        return _run_ray(fn, tasks, workers, address)
    if workers == 1:
        return (fn(*task) for task in tasks)
    return _run_processes(fn, tasks, workers)


def _context() -> Any:
    # On Linux, fork when this process has a single thread: quick, and a script without a
    # `__main__` guard still works. With threads (a progress bar), forking could copy a
    # lock another thread holds: forkserver (or spawn) then starts clean processes.
    methods = multiprocessing.get_all_start_methods()
    if sys.platform == "linux" and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _run_processes(
    fn: Callable[..., R], tasks: Iterable[tuple[Any, ...]], workers: int
) -> Iterator[R]:
    window = workers * WINDOW_PER_WORKER
    pending: deque[Future[R]] = deque()
    with ProcessPoolExecutor(max_workers=workers, mp_context=_context()) as pool:
        try:
            for task in tasks:
                pending.append(pool.submit(fn, *task))
                if len(pending) >= window:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            for future in pending:  # a failed task or an abandoned loop: drop the rest
                future.cancel()


def _ray() -> Any:
    try:
        import ray  # noqa: PLC0415 (an optional extra)
    except ImportError:
        raise ConfigError("the ray backend needs ray: pip install 'numrules[ray]'") from None
    return ray


def _run_ray(
    fn: Callable[..., R], tasks: Iterable[tuple[Any, ...]], workers: int, address: str | None
) -> Iterator[R]:
    ray = _ray()
    started = False
    if not ray.is_initialized():
        if address is None:
            ray.init(
                num_cpus=workers,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.WARNING,
            )
        else:
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
        started = True
    try:
        cpus = int(ray.cluster_resources().get("CPU", workers))
        window = max(1, cpus) * WINDOW_PER_WORKER
        remote = ray.remote(fn)
        pending: deque[Any] = deque()  # object refs, in task order
        done: dict[Any, Any] = {}  # finished refs not yet yielded (out of order)

        def drain() -> Iterator[R]:
            # Wait for one task at least, fetch every finished one as a batch, then yield
            # the results at the head of the queue, in task order.
            waiting = [ref for ref in pending if ref not in done]
            if waiting:
                first, _ = ray.wait(waiting, num_returns=1)
                rest, _ = ray.wait(waiting, num_returns=len(waiting), timeout=0)
                batch = list(dict.fromkeys([*first, *rest]))
                for ref, value in zip(batch, ray.get(batch), strict=True):
                    done[ref] = value
            while pending and pending[0] in done:
                yield done.pop(pending.popleft())

        for task in tasks:
            pending.append(remote.remote(*task))
            while len(pending) >= window:
                yield from drain()
        while pending:
            yield from drain()
    finally:
        if started:
            ray.shutdown()
