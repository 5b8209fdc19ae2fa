"""Stack Attack invariants under random play (Hypothesis stateful testing)."""

from __future__ import annotations

import itertools

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from numrules import stackattack as sa


class RandomTable(RuleBasedStateMachine):
    """Random legal play from a random deal; the invariants hold after every action."""

    state: sa.State

    @initialize(players=st.integers(2, 6), seed=st.integers(0, 2**32))
    def deal(self, players: int, seed: int) -> None:
        self.state = sa.new_game(sa.Config(players=players), seed)

    @precondition(lambda self: not sa.is_terminal(self.state))
    @rule(pick=st.integers(0, 2**16))
    def act(self, pick: int) -> None:
        legal = sa.legal_actions(self.state)
        self.state = sa.apply(self.state, legal[pick % len(legal)])

    @precondition(lambda self: sa.is_terminal(self.state))
    @rule(seed=st.integers(0, 2**32))
    def rematch(self, seed: int) -> None:
        self.state = sa.new_game(self.state.config, seed)

    @invariant()
    def rows_grow_upwards_except_for_shields(self) -> None:
        config = self.state.config
        for row in self.state.rows:
            for before, after in itertools.pairwise(row):
                assert after > before or config.power(after) is sa.Power.SHIELD
            assert all(config.power(c) is sa.Power.SHIELD for c in row[config.row_limit :])

    @invariant()
    def every_penalty_point_is_somewhere(self) -> None:
        config = self.state.config
        zones = sa.card_zones(self.state).values()
        assert sum(sa.penalty_points(config, zone) for zone in zones) == sum(config.penalties)

    @invariant()
    def scores_are_banked_totals_plus_cards_taken(self) -> None:
        taken = [sa.penalty_points(self.state.config, cards) for cards in self.state.taken]
        assert sa.scores(self.state) == tuple(
            b + t for b, t in zip(self.state.banked, taken, strict=True)
        )
        if not sa.is_terminal(self.state):
            assert max(self.state.banked) < self.state.config.end_score

    @invariant()
    def hands_shrink_by_one_card_per_turn(self) -> None:
        state = self.state
        left = state.config.hand_size - state.turn
        chosen = [c is not None for c in state.played]
        if state.phase is sa.Phase.CHOOSE:
            assert [len(h) + c for h, c in zip(state.hands, chosen, strict=True)] == [left] * len(
                chosen
            )
        elif state.phase is not sa.Phase.OVER:
            assert {len(h) for h in state.hands} == {left - 1}


TestRandomTable = RandomTable.TestCase
# Long enough to cross round boundaries (a 4-player round is about 50 actions).
TestRandomTable.settings = settings(TestRandomTable.settings, stateful_step_count=300)
