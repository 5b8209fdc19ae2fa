"""The interrupt window on a real server: while a person might interrupt in Num Bounce,
the table's required move (a bot's or a person's) waits, up to `--interrupt-window`
seconds, until every person who might interrupt has answered (an interrupt or a pass).
Every seat that public facts say might interrupt is offered the window, holder or not,
so the window tells nothing about the cards.

The tables are written into the database before the server starts, a few actions into a
known deal (found by random play, the same each run), so that the person's next action
leads to a state where the person holds an interrupt card and a bot must move."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import numrules
from numrules.numbounce import Interrupt, NumX, Play
from numrules.numbounce.rules import interrupters
from tests.server.helpers import Conn, Message, run, running, stored_table

pytestmark = pytest.mark.timeout(90)

GAME = numrules.get_game("numbounce")
CONFIG = GAME.Config(players=4, hand_size=6, rounds=1)
WINDOW = 2.0
"""The window of these tests, in seconds."""
SLACK = 0.3
"""How far timings may stray from the window (the server's timer, the loopback, the load)."""


def _might_interrupt(state: Any) -> frozenset[int]:
    # The seats that might interrupt, as far as public facts tell.
    public = GAME.public_optional_seats
    assert public is not None
    return public(state)


def _situation(people: tuple[int, ...], mover: int) -> tuple[int, list[str], str]:
    # A seed, the actions that lead to a state where the person `mover` is to move, no
    # bot may interrupt and the other people might (as far as the others can tell), and
    # an action of `mover` (neither a play nor an interrupt) after which a bot must move
    # and seat 0 alone holds an interrupt card, while every person's seat might
    # interrupt as far as the others can tell.
    others = set(people) - {mover}
    for seed in range(2000):
        state = GAME.new_game(CONFIG, seed)
        rng = random.Random(seed)
        played: list[str] = []
        while not GAME.is_terminal(state):
            quiet = interrupters(state) <= {0} and others <= _might_interrupt(state)
            if state.mover == mover and quiet:
                for action in GAME.legal_actions_for(state, mover):
                    if isinstance(action, Interrupt | Play | NumX):
                        continue
                    after = GAME.apply(state, action)
                    public = _might_interrupt(after)
                    if (
                        after.mover not in people
                        and interrupters(after) == {0}
                        and set(people) <= public
                    ):
                        return seed, played, str(action).split(":", 1)[1]
            action = rng.choice(GAME.legal_actions(state))
            played.append(str(action))
            state = GAME.apply(state, action)
    raise AssertionError("no such situation in 2000 deals")


def _table(db: Path, people: tuple[int, ...], mover: int) -> tuple[str, dict[int, str], str, int]:
    # A stored table at that situation: its id, the people's tokens, the mover's next
    # action, and the number of actions before it.
    seed, played, action = _situation(people, mover)
    seats = ["human" if seat in people else "random" for seat in range(4)]
    table, tokens = stored_table(db, "numbounce", CONFIG, seed, seats, played)
    return table, tokens, action, len(played)


def _interrupt(update: Message) -> str:
    actions: list[str] = update["actions"]
    return next(action for action in actions if action.startswith("interrupt"))


async def _to_window(conn: Conn, action: str, at: int) -> tuple[Message, float]:
    # From the situation, play the person's action: the update of the window that opens.
    update, _ = await conn.update_where(lambda u: u["at"] == at)
    assert action in update["actions"]
    await conn.act(action, at)
    accepted, _ = await conn.next("accepted")
    assert accepted["at"] == at + 1
    return await conn.update_where(lambda u: u["at"] == at + 1)


def test_a_person_interrupts_inside_the_window(tmp_path: Path) -> None:
    db = tmp_path / "server.db"
    table, tokens, action, at = _table(db, (0,), 0)

    async def scenario() -> None:
        conn = await Conn.open(server.ws_url, table, tokens[0])
        update, _ = await _to_window(conn, action, at)
        assert update["window"]["seats"] == [0]
        assert 0 < update["window"]["seconds"] <= WINDOW
        assert update["optional"] is True
        interrupt = _interrupt(update)
        await conn.act(interrupt, at + 1)
        accepted, _ = await conn.next("accepted")
        # the bot to move was not let play first: the interrupt follows the person's move
        assert accepted["action"] == f"0:{interrupt}"
        assert accepted["at"] == at + 2
        await conn.close()

    with running(db, tmp_path / "server.log", "--interrupt-window", str(WINDOW)) as server:
        run(scenario(), 60)


def test_a_bot_waits_for_the_window_and_a_pass_ends_it(tmp_path: Path) -> None:
    db = tmp_path / "server.db"
    waited, tokens_w, action, at = _table(db, (0,), 0)
    passed, tokens_p, _, _ = _table(db, (0,), 0)

    async def scenario() -> None:
        # The person lets the window run out: the bot's move comes no earlier.
        conn = await Conn.open(server.ws_url, waited, tokens_w[0])
        update, opened = await _to_window(conn, action, at)
        assert update["window"]["seats"] == [0]
        closes = opened + update["window"]["seconds"]
        _, when = await conn.update_where(lambda u: u["at"] == at + 2)
        assert when >= closes - SLACK
        await conn.close()
        # The person passes at once: the bot's move comes well before the window's end.
        conn = await Conn.open(server.ws_url, passed, tokens_p[0])
        update, opened = await _to_window(conn, action, at)
        closes = opened + update["window"]["seconds"]
        assert update["optional"] is True
        await conn.act(None, at + 1)
        accepted, _ = await conn.next("accepted")
        assert accepted == {"type": "accepted", "seq": conn.seq, "at": at + 1, "action": None}
        _, when = await conn.update_where(lambda u: u["at"] == at + 2)
        assert when < closes - SLACK
        await conn.close()

    with running(db, tmp_path / "server.log", "--interrupt-window", str(WINDOW)) as server:
        run(scenario(), 60)


def _public(update: Message) -> dict[str, Any]:
    # What every seat's update of one state shares: the window (its seats; the seconds
    # left are read at slightly different moments), the clock, the public view.
    window = update["window"]
    return {
        "at": update["at"],
        "window": None if window is None else window["seats"],
        "deadline": update["deadline"],
        "others_to_act": [seat for seat in update["view"]["to_act"] if seat != update["seat"]],
        "scores": update["view"]["scores"],
        "state": update["state"],
    }


def test_a_non_holder_is_offered_the_same_window(tmp_path: Path) -> None:
    db = tmp_path / "server.db"
    # Seats 0 and 1 are people, 2 and 3 bots; seat 1 is to move, and after its action
    # a bot moves while seat 0 holds an interrupt card and seat 1 holds none.
    table, tokens, action, at = _table(db, (0, 1), 1)

    async def scenario() -> None:
        holder = await Conn.open(server.ws_url, table, tokens[0])
        other = await Conn.open(server.ws_url, table, tokens[1])
        watcher = await Conn.open(server.ws_url, table)
        first, _ = await other.update_where(lambda u: u["at"] == at)
        assert action in first["actions"]
        # the seat to move cannot let its decision pass
        await other.act(None, at)
        refused, _ = await other.next("error")
        assert refused["code"] == "illegal"
        # a spectator cannot pass either
        await watcher.send(type="pass", seq=1)
        assert (await watcher.next("error"))[0]["code"] == "spectator"
        # A person's required move waits too: seat 0 might interrupt now, so seat 1's
        # move is held until seat 0 lets the interrupt pass.
        assert first["window"]["seats"] == [0]
        await other.act(action, at)
        with pytest.raises(TimeoutError):
            await other.next("accepted", timeout=0.5)
        await holder.act(None, at)
        await holder.next("accepted")
        accepted, _ = await other.next("accepted", timeout=WINDOW)
        assert accepted["at"] == at + 1
        # A bot is to move: both people are waited for, the holder and the other alike.
        views = {}
        for name, conn in (("holder", holder), ("other", other), ("watcher", watcher)):
            views[name], _ = await conn.update_where(lambda u: u["at"] == at + 1)
        assert views["holder"]["window"]["seats"] == [0, 1]
        assert _public(views["holder"]) == _public(views["other"]) == _public(views["watcher"])
        seconds = [view["window"]["seconds"] for view in views.values()]
        assert max(seconds) - min(seconds) < SLACK
        assert views["holder"]["optional"] is True
        assert _interrupt(views["holder"])
        assert views["other"]["actions"] == []
        assert views["other"]["optional"] is False
        # The holder passes: the window waits for the other person alone, as all see.
        await holder.act(None, at + 1)
        await holder.next("accepted")
        for conn in (holder, other, watcher):
            narrowed, _ = await conn.update_where(
                lambda u: u["at"] > at + 1 or u["window"] is None or u["window"]["seats"] != [0, 1]
            )
            assert narrowed["at"] == at + 1
            assert narrowed["window"]["seats"] == [1]
        # The other passes too: the bot moves at once.
        await other.act(None, at + 1)
        _, passed = await other.next("accepted")
        _, moved = await other.update_where(lambda u: u["at"] == at + 2)
        assert moved - passed < WINDOW - SLACK
        for conn in (holder, other, watcher):
            await conn.close()

    with running(db, tmp_path / "server.log", "--interrupt-window", str(WINDOW)) as server:
        run(scenario(), 60)
