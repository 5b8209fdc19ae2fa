"""How often each Bomb outcome happens in random Num Wars rounds.

Usage (from the repository root):
    python -m tests.numwars.bomb_outcomes [--rounds 10000] [--players 5] [--seed 0]

Each round is a one-round game (seed `seed + i`) played with uniformly random legal
actions. Prints the share of each outcome by the capturer's role, which card made the
capture, and how often the two conditional bonus lines (the Deminer's consolation and
the Num-X player's +30) were paid.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

import attrs

from numrules import numwars as nw
from numrules.core.cards import FamilyCard, NumCard


@attrs.frozen
class Tally:
    """The counts of a measurement."""

    rounds: int
    outcomes: Counter[nw.BombOutcome]
    capture_cards: Counter[str]
    """NUMX, QUANTUM or SHADOW: the card that captured the Bomb."""
    consolations: int
    spared: int


def _capture_card(before: nw.State, action: nw.Play, capturer: int) -> NumCard:
    # The card the capturer played in the trick that `action` completed.
    k = (capturer - before.leader) % before.players
    card = before.trick[k] if k < len(before.trick) else action.card
    assert card is not None  # threats are never stolen cards
    return card


def measure(rounds: int, players: int, seed: int = 0) -> Tally:
    """Play `rounds` random one-round games and count what became of the Bomb."""
    config = nw.Config(players=players, rounds=1)
    rnd = random.Random(seed)
    outcomes: Counter[nw.BombOutcome] = Counter()
    cards: Counter[str] = Counter()
    consolations = spared = 0
    for i in range(rounds):
        state = nw.new_game(config, seed + i)
        while not nw.is_terminal(state):
            actions = nw.legal_actions(state)
            action = actions[rnd.randrange(len(actions))]
            after = nw.apply(state, action)
            if state.bomb is None and after.bomb is nw.Fate.CAPTURED:
                assert after.capturer is not None
                card = _capture_card(state, action, after.capturer)
                cards["SHADOW" if type(card) is FamilyCard else str(card)] += 1
            state = after
        (result,) = state.history
        outcomes[result.outcome] += 1
        consolations += any(score.deminer_consolation for score in result.scores)
        spared += any(score.num_x_spared for score in result.scores)
    return Tally(rounds, outcomes, cards, consolations, spared)


def report(tally: Tally) -> str:
    """The measurement as a small text table."""

    def line(label: str, count: int) -> str:
        return f"{label:<32} {count:>7} {100 * count / tally.rounds:>6.1f}%"

    lines = [f"{'Bomb outcome':<32} {'rounds':>7} {'share':>7}"]
    lines += [line(outcome.value, tally.outcomes[outcome]) for outcome in nw.BombOutcome]
    lines += [line(f"captured with {card}", tally.capture_cards[card]) for card in _CARDS]
    lines += [
        line("Deminer consolation paid", tally.consolations),
        line("Num-X +30 paid", tally.spared),
    ]
    return "\n".join(lines)


_CARDS = ("NUMX", "QUANTUM", "SHADOW")


def main(argv: list[str] | None = None) -> None:
    """Run the measurement from the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"{args.rounds} random {args.players}-player rounds, seed {args.seed}")
    print(report(measure(args.rounds, args.players, args.seed)))


if __name__ == "__main__":
    main()
