"""Peak memory of `numrules simulate`: the driver's and each worker's, at two batch sizes.

    nice -n 10 python benchmarks/memory.py stackattack --games 10000 100000 --workers 2

Each run is the real command in a subprocess (`numrules simulate GAME --games N
--workers W --json`); while it runs, the script reads every process of its tree in
/proc and keeps each one's peak resident set (VmHWM), so the figure is the true peak of
the driver and of the largest worker, not an estimate. Linux only. Not run in CI.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        pid = int(stat.parent.name)
        ppid = int(text.rsplit(")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(pid)
    return tree


def _peak_kb(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def measure(game: str, games: int, workers: int, extra: list[str]) -> dict[str, object]:
    command = [
        sys.executable,
        "-m",
        "numrules",
        "simulate",
        game,
        "--games",
        str(games),
        "--workers",
        str(workers),
        "--json",
        *extra,
    ]
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    peaks: dict[int, int] = {}
    while process.poll() is None:
        tree = _children()
        todo, seen = [process.pid], []
        while todo:
            pid = todo.pop()
            seen.append(pid)
            todo.extend(tree.get(pid, []))
        for pid in seen:
            kb = _peak_kb(pid)
            if kb is not None:
                peaks[pid] = max(peaks.get(pid, 0), kb)
        time.sleep(0.5)
    out, _ = process.communicate()
    summary = json.loads(out)
    driver = peaks.pop(process.pid, 0)
    return {
        "games": games,
        "workers": summary["workers"],
        "seconds": round(time.perf_counter() - started, 1),
        "driver_peak_mb": round(driver / 1024, 1),
        "largest_other_process_peak_mb": round(max(peaks.values(), default=0) / 1024, 1),
        "processes_seen": 1 + len(peaks),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("extra", nargs="*", help="more simulate options, after --")
    args = parser.parse_args()
    for games in args.games:
        print(json.dumps(measure(args.game, games, args.workers, args.extra)), flush=True)


if __name__ == "__main__":
    main()
