"""Load benchmark of the reference server: N tables x 4 WebSocket clients on 127.0.0.1.

Starts `numrules serve` as a subprocess on a temporary SQLite file, opens `--tables`
tables (the four games in turn, one round each, four human seats), connects one client
per seat playing random legal moves, and plays every game to its end. Then it checks
every table against its stored record (every accepted action stored once, the replay
gives the final view each client saw) and reports accepted actions per second, the
latency of an action (sent to accepted) and the CPU time of the server and the clients.
The server's CPU is counted while the games are played (from /proc, Linux): its start,
the tables' creation and its stop are left out, so that two versions compare on the
same work; the whole process's CPU is shown beside it.
With `--kill-after N` the server is SIGKILLed once N actions were accepted, restarted on
the same database, and the clients reconnect and finish.

    nice -n 10 python benchmarks/server_load.py --tables 50
    nice -n 10 python benchmarks/server_load.py --tables 50 --kill-after 2000
    python benchmarks/server_load.py --tables 50 --pin   # server and clients on their own CPUs
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server.helpers import SHORT, check_records, open_tables, play_all, running


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--kill-after", type=int, default=None)
    parser.add_argument(
        "--pin",
        action="store_true",
        help="run the server on the first CPU and the clients on the others (Linux), so "
        "that they do not share a core: steadier CPU figures",
    )
    args = parser.parse_args()
    games = [sorted(SHORT)[i % len(SHORT)] for i in range(args.tables)]
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "load.db"
        log = Path(tmp) / "server.log"
        with running(db, log, "--rate", "1000", "--max-tables", "10000") as server:
            assert server.process is not None
            if args.pin:
                cpus = sorted(os.sched_getaffinity(0))
                os.sched_setaffinity(server.process.pid, cpus[:1])
                os.sched_setaffinity(0, cpus[1:] or cpus)
            runs = open_tables(server, games)
            cpu = time.process_time()
            wall = time.perf_counter()
            play_cpu = _cpu_of(server.process.pid)
            asyncio.run(play_all(server, runs, kill_after=args.kill_after))
            if args.kill_after is None:
                play_cpu = _cpu_of(server.process.pid) - play_cpu
            wall = time.perf_counter() - wall
            cpu = time.process_time() - cpu
        server_cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
        actions = check_records(db, runs)
        if args.kill_after is not None:
            print(f"resumed tables after the SIGKILL: {log.read_text().count('resumed: ')}")
    latencies = sorted(x for run in runs for p in run.players for x in p.latencies)
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(len(latencies) * 0.99)] * 1000
    mix = ", ".join(f"{g} {games.count(g)}" for g in sorted(SHORT))
    print(f"tables: {len(runs)} x 4 clients ({mix})")
    print(
        f"every game finished; every accepted action stored once; replays match: {actions} actions"
    )
    print(f"wall time: {wall:.1f} s; accepted actions per second: {actions / wall:.0f}")
    print(f"action latency (sent -> accepted): p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    whole = server_cpu.ru_utime + server_cpu.ru_stime
    playing = f"{play_cpu:.2f} s while playing ({actions / play_cpu:.0f} actions per CPU second), "
    print(
        f"CPU: server {playing if args.kill_after is None else ''}"
        f"{whole:.1f} s in all ({actions / whole:.0f} actions per CPU second), "
        f"clients {cpu:.1f} s"
    )


def _cpu_of(pid: int) -> float:
    # User and system CPU seconds of a running process (Linux /proc).
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    main()
