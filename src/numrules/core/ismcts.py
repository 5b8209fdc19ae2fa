"""ISMCTS: one information-set Monte Carlo tree search bot for every game.

`ISMCTSBot` sees what any bot sees (its observation and its legal actions) and plays
through the uniform API only, so it serves every game that offers `sample_state`.

Each iteration of a search:

1. **Determinize.** Draw a full state consistent with the bot's observation
   (`game.sample_state`): the hidden cards are guessed afresh every iteration.
2. **Select.** Walk down the tree from the bot's decision, playing the determinized
   game the way the match driver does (a `DecisionCursor`: optional seats first, each
   may decline, then the seats that must act). Every decision belongs to one node: the
   seat that decides and the bot's own information set, that is, the events the bot
   has been told since the root. A node never depends on what the bot cannot know:
   another seat's secret choice (a Stack Attack pick) leads to a single node whatever
   the card, and every determinization shares the tree. Among the options the
   determinization allows (another seat's options depend on its guessed hand), a node
   picks by UCB1 with availability counts (an option is scored against the number of
   visits in which it was available, not all visits), trying every available option
   once first; each seat's node maximises that seat's own reward.
3. **Expand and roll out.** The first decision at an unseen information set adds a
   node; from there the game is played on by the rollout policy (uniformly random
   actions by default, declining optional decisions half of the time, like
   `RandomBot`; or one of the game's bots) to the end of the current round
   (`horizon="round"`, the default: the round of `state.round`, for games whose
   states have one) or of the game (`horizon="game"`), and at most `rollout_actions`
   actions.
4. **Back up.** Each seat's reward is its result: on a finished game, 1 for a win
   (shared evenly between tied winners) and 0 otherwise, blended with its rank; on a
   rollout stopped at its horizon or cut short, its rank by the current scores. The
   rank is the share of the other seats it beats (half for a tie), so rewards lie in
   [0, 1]. A game may refine the scores of a game not over with `Game.evaluate` (Num
   Bounce counts the cards left in each hand). Every node on the path learns the reward
   of the seat that decided there. With the native core installed
   (`numrules.native`), random rollouts are played in Rust from the search's own
   generator, with the very same draws: the search and its move are the same, only
   faster.

With `reward="margin"`, a seat's reward is instead its score margin: its score (or
`Game.evaluate`) less the best of the other seats' (negated where the lowest score
wins), so a rollout tells by how much a seat is ahead, not only whether. Margins are in
points, so the tree scales them to [0, 1] by the lowest and highest margin backed up so
far in the search before adding the UCB1 term.

The move played is the most visited option at the root.

**Flat search** (`search="flat"`) is a one-step policy improvement on the rollout
policy instead of a tree: every iteration draws one determinization and plays *every*
root option from it, each followed by the rollout policy for every seat to the
horizon, with the same rollout random numbers for every option (common random
numbers: the options are compared on the same guessed cards and the same rollout luck,
so most of the noise of a single rollout cancels out of their difference). An option
and its rollout count as one iteration, so a decision with k options runs
`iterations // k` determinizations (at least one). The move is the option with the best
mean reward. With a rollout bot, its own pick at the real decision is the reference:
another option replaces it only if its mean beats the pick's by more than `confidence`
standard errors of their paired difference (0: by anything; ties keep the pick). With
the game's heuristic bot as rollout policy this plays the heuristic bot's strategy,
corrected wherever the samples show that another move does better. Every move after
the root is the rollout bot's, whereas a tree of a few hundred iterations plays its
first visits below the root by trying each option once, good or bad. In Num Wars and
Num Bounce the flat search beats the heuristic bot where the tree did not (see
docs/bots.md, "Strength: tournament results").

Given an iteration budget the bot is reproducible from its seed: the same seed and the
same sequence of decisions give the same moves, in every process. A time budget
(`seconds`) stops the search on the clock instead, so its moves depend on the machine.

The method is the single-observer ISMCTS of Cowling, Powley and Whitehouse
(*Information Set Monte Carlo Tree Search*, 2012). Keying the other seats' nodes by
their own information sets instead (multiple-observer ISMCTS, or OpenSpiel's `ismcts`)
splits their statistics over every guess of their hands, so in these games their
nodes are almost never revisited and the tree stops at the first decision of another
seat. It handles simultaneous secret choices, optional out-of-turn actions
(declining is an option like any other) and decisions taken in several steps without
any game-specific code.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from numrules import native
from numrules.core.bot import Bot
from numrules.core.bots import bot_builder, check_nested_bot
from numrules.core.botspec import BotOption, BotSpec, OptionValue, bot_options
from numrules.core.cursor import DecisionCursor
from numrules.core.errors import ConfigError
from numrules.core.game import AnyGame, game_of, resolve_game

DECLINE: None = None
"""The option of letting an optional decision pass (what `act` returns to decline)."""

ITERATIONS = 500
"""The iterations per decision when neither `iterations` nor `seconds` is given."""

UNIFORM = BotSpec("random")
"""The rollout bot that means uniformly random rollouts (`rollout="random"`)."""

HORIZONS = ("round", "game")
"""Where a rollout stops: the end of the current round, or of the game."""
OPPONENTS = ("search", "rollout")
"""Who plays the other seats: nodes of the tree, or the rollout policy."""
SEARCHES = ("tree", "flat")
"""A tree search (ISMCTS), or a flat one (every root option on every sample)."""
REWARDS = ("rank", "margin")
"""What a rollout scores: the rank (with the win at the end), or the score margin."""


class _Edge:
    # One option of a node: reward total, visits, and visits in which it was available.
    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.total = 0.0
        self.visits = 0
        self.available = 0


class _Node:
    # One information set: its options' edges, and the rollout policy's pick there.
    __slots__ = ("edges", "hint")

    def __init__(self, hint: Any) -> None:
        self.edges: dict[Any, _Edge] = {}
        self.hint = hint


_NO_HINT = object()


@attrs.frozen(slots=True)
class SearchStats:
    """What the last search did: for reports and for tuning a budget."""

    iterations: int
    """Iterations run (determinizations drawn)."""
    nodes: int
    """Information sets in the tree."""
    seconds: float
    """Wall-clock time of the search."""
    visits: tuple[tuple[str, int], ...]
    """Each root option in notation ("decline" for None) and its visits, most first (with
    `search="flat"`, where every option has the same visits: best mean first)."""
    values: tuple[tuple[str, float], ...] = ()
    """Each root option's mean reward, in the order of `visits` (raw score margins with
    `reward="margin"`)."""


class ISMCTSBot:
    """Information-set Monte Carlo tree search, for every game with `sample_state`.

    Args:
        seed: seeds the bot's own random numbers (determinizations, rollouts).
        iterations: iterations per decision (the default budget: 500); with `seconds`
            too, the search stops at whichever comes first.
        seconds: a time budget per decision instead (moves then depend on the machine).
        exploration: the UCB1 constant; rewards lie in [0, 1].
        rollout: the rollout policy: `"random"` (uniformly random actions), or a bot of
            the game, which then plays every seat in the rollouts: a name (`"heuristic"`),
            a spec text (`"search?samples=4"`) or a `BotSpec`, never an import path.
        horizon: `"round"` stops a rollout when the round changes, `"game"` plays it
            to the end; either way the game is then scored as it stands.
        rollout_actions: a rollout stops after at most this many actions.
        opponents: `"search"`: the other seats' decisions are nodes of the tree too, each
            maximising that seat's reward; `"rollout"`: the other seats always play the
            rollout policy (a model of them, such as the game's heuristic bot), and the
            tree holds the bot's own decisions only.
        bias: with a rollout bot, the weight of its pick at each node (progressive bias:
            `bias / visits` is added to that option's score, and it is tried first); 0
            ignores it.
        search: `"tree"` (ISMCTS), or `"flat"`: every root option is played on every
            determinization, then the rollout policy (see the module docstring).
        reward: `"rank"` (the rank, blended with the win at the end of the game), or
            `"margin"`: the score lead over the best other seat.
        confidence: with `search="flat"` and a rollout bot, how many standard errors of
            the paired difference another option must gain over the rollout bot's own
            pick to be played instead.
        game: the game, a `Game` or its name; by default found from the first
            observation's class.

    Raises:
        ConfigError: a budget that is not a positive number, a negative exploration
            constant, bias or confidence, an unknown horizon, opponents, search or
            reward, or a rollout bot that is unknown, refuses its options or names an
            import path (at any depth).

    """

    OPTIONS: ClassVar[Mapping[str, BotOption]] = bot_options(
        BotOption(
            "iterations",
            "int",
            "iterations per decision (with `seconds` alone: no limit)",
            default=ITERATIONS,
            low=1,
        ),
        BotOption("seconds", "float", "a time budget per decision instead", low=0, strict=True),
        BotOption("exploration", "float", "the UCB1 constant", default=0.7, low=0),
        BotOption("rollout", "bot", "the rollout policy: random, or a bot", default="random"),
        BotOption("horizon", "choice", "where a rollout stops", default="round", choices=HORIZONS),
        BotOption("rollout_actions", "int", "the longest rollout", default=1000, low=0),
        BotOption(
            "opponents",
            "choice",
            "the other seats: nodes of the tree, or the rollout policy",
            default="search",
            choices=OPPONENTS,
        ),
        BotOption("bias", "float", "progressive bias towards the rollout bot", default=0, low=0),
        BotOption("search", "choice", "a tree, or a flat search", default="tree", choices=SEARCHES),
        BotOption("reward", "choice", "what a rollout scores", default="rank", choices=REWARDS),
        BotOption(
            "confidence",
            "float",
            "standard errors a flat search needs to overrule the rollout bot",
            default=0,
            low=0,
        ),
    )
    """The options of an `ismcts` spec: every keyword argument but `game`."""

    @staticmethod
    def work(options: Mapping[str, OptionValue]) -> float:
        """The work of a decision: its iterations (`math.inf` on a time budget alone).

        A search stopped by the clock alone has no bound on its iterations, so
        `check_bot(..., max_work=...)` counts it as the most work allowed.
        """
        iterations = options.get("iterations")
        if isinstance(iterations, int):
            return float(iterations)
        return math.inf if "seconds" in options else float(ITERATIONS)

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: str | BotSpec = "random",
        horizon: str = "round",
        rollout_actions: int = 1000,
        opponents: str = "search",
        bias: float = 0.0,
        search: str = "tree",
        reward: str = "rank",
        confidence: float = 0.0,
        game: AnyGame | str | None = None,
    ) -> None:
        option = self.OPTIONS
        if iterations is None and seconds is None:
            iterations = ITERATIONS
        if iterations is not None:
            iterations = option["iterations"].integer(iterations)
        if seconds is not None:
            seconds = option["seconds"].number(seconds)
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = option["exploration"].number(exploration)
        self.horizon = option["horizon"].choice(horizon)
        self.rollout_actions = option["rollout_actions"].integer(rollout_actions)
        self.opponents = option["opponents"].choice(opponents)
        self.bias = option["bias"].number(bias)
        self.search = option["search"].choice(search)
        self.reward = option["reward"].choice(reward)
        self.confidence = option["confidence"].number(confidence)
        self._game = None if game is None else resolve_game(game)
        self.rollout: BotSpec = check_nested_bot(option["rollout"].bot(rollout), self._game)
        """The rollout bot (`UNIFORM`: uniformly random rollouts)."""
        self._rollout_bot: Callable[[int], Bot] | None = None
        self._rng = random.Random(seed)
        self.last: SearchStats | None = None
        """Statistics of the last search (None before the first one)."""
        if self._game is not None:
            self._check_game(self._game)

    def __repr__(self) -> str:
        budget = (
            f"iterations={self.iterations}" if self.seconds is None else f"seconds={self.seconds}"
        )
        return f"ISMCTSBot(seed={self.seed!r}, {budget}, rollout={str(self.rollout)!r})"

    def _check_game(self, game: AnyGame) -> None:
        if game.sample_state is None:
            raise ConfigError(f"ISMCTS needs sample_state, which {game.title} does not offer")
        if self.rollout != UNIFORM:
            # Checked once, never an import path at any depth; one bot is built now so
            # that bad options are refused before the first search.
            self._rollout_bot = bot_builder(self.rollout, game)
            self._rollout_bot(0)

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        """Search from `observation` and return the most visited option."""
        options = [*actions, DECLINE] if optional else list(actions)
        if len(options) == 1:
            self.last = None
            return options[0]
        game = self._game
        if game is None:
            game = self._game = game_of(observation)
            self._check_game(game)
        search = _Search(self, game, observation, options)
        return search.run()


class _Search:
    # One decision's search: the tree, keyed by (seat, information set), and its budget.
    __slots__ = (
        "bot",
        "game",
        "high",
        "low",
        "lower",
        "native",
        "observation",
        "options",
        "players",
        "rng",
        "rollout_bots",
        "seat",
        "tree",
    )

    def __init__(self, bot: ISMCTSBot, game: AnyGame, observation: Any, options: list[Any]) -> None:
        self.bot = bot
        self.game = game
        self.observation = observation
        self.options = options
        self.seat: int = observation.seat
        self.players: int = observation.config.players
        self.lower = game.lower_score_wins
        self.rng = bot._rng
        self.tree: dict[tuple[int, int], _Node] = {}
        # The range of the rewards backed up so far (`reward="margin"` scales by it).
        self.low, self.high = math.inf, -math.inf
        # A rollout bot per seat, seeded from the given generator (None: random rollouts).
        self.rollout_bots: Callable[[random.Random], list[Bot]] | None = None
        build = bot._rollout_bot
        if build is not None:
            self.rollout_bots = lambda rng: [
                build(rng.getrandbits(64)) for _ in range(self.players)
            ]
        # Random rollouts of the tree search are played in the native core where it is.
        self.native = (
            build is None
            and native.available(game.name)
            and (game.evaluate is None or native.evaluates(game.name))
        )

    def run(self) -> Any | None:
        if self.bot.search == "flat":
            return self.run_flat()
        bot = self.bot
        started = time.perf_counter()
        deadline = None if bot.seconds is None else started + bot.seconds
        limit = bot.iterations
        done = 0
        while (limit is None or done < limit) and (
            deadline is None or done == 0 or time.perf_counter() < deadline
        ):
            self.iterate()
            done += 1
        root = self.tree[(self.seat, hash(()))].edges
        # The most visited option; ties go to the earlier option, so the choice is stable.
        best = max(self.options, key=lambda o: root[o].visits if o in root else -1)
        ranked = sorted(root.items(), key=lambda item: -item[1].visits)
        bot.last = SearchStats(
            iterations=done,
            nodes=len(self.tree),
            seconds=time.perf_counter() - started,
            visits=tuple((_name(o), e.visits) for o, e in ranked),
            values=tuple((_name(o), e.total / max(e.visits, 1)) for o, e in ranked),
        )
        return best

    def run_flat(self) -> Any | None:
        # Every determinization plays every root option, then the rollout policy for
        # every seat, with the same rollout seeds: the options are compared on the same
        # guesses and the same rollout luck (common random numbers).
        bot, options = self.bot, self.options
        started = time.perf_counter()
        deadline = None if bot.seconds is None else started + bot.seconds
        limit = bot.iterations
        width = len(options)
        hint = self.root_hint()
        samples: list[list[float]] = []
        while not samples or (
            (limit is None or (len(samples) + 1) * width <= limit)
            and (deadline is None or time.perf_counter() < deadline)
        ):
            samples.append(self.flat_sample())
        count = len(samples)
        means = [sum(sample[i] for sample in samples) / count for i in range(width)]
        best = max(range(width), key=lambda i: (means[i], i == hint, -i))
        if hint is not None and best != hint:
            gains = [sample[best] - sample[hint] for sample in samples]
            gain = sum(gains) / count
            spread = (
                math.sqrt(sum((g - gain) ** 2 for g in gains) / (count - 1) / count)
                if count > 1
                else math.inf
            )
            if gain <= bot.confidence * spread:
                best = hint  # not clearly better than the rollout policy's own pick
        ranked = sorted(range(width), key=lambda i: (i != best, -means[i], i))
        bot.last = SearchStats(
            iterations=count * width,
            nodes=1,
            seconds=time.perf_counter() - started,
            visits=tuple((_name(options[i]), count) for i in ranked),
            values=tuple((_name(options[i]), means[i]) for i in ranked),
        )
        return options[best]

    def root_hint(self) -> int | None:
        # The rollout bot's own pick at the real decision (None with random rollouts).
        build = self.bot._rollout_bot
        if build is None:
            return None
        optional = self.options[-1] is None
        actions = tuple(o for o in self.options if o is not None)
        pick = build(self.rng.getrandbits(64)).act(self.observation, actions, optional)
        return self.options.index(pick)

    def flat_sample(self) -> list[float]:
        # One determinization: each root option's reward for the bot, same rollout luck.
        game, me = self.game, self.seat
        assert game.sample_state is not None
        root = game.sample_state(self.observation, self.rng)
        # The seats the driver asked before this one have let the decision pass.
        start = DecisionCursor.of(game, root)
        before = start.order[: start.order.index(me)] if me in start.order else ()
        luck = self.rng.getrandbits(64)
        horizon = root.round if self.bot.horizon == "round" else None
        rewards = []
        for option in self.options:
            rng = random.Random(luck)
            bots = None if self.rollout_bots is None else self.rollout_bots(rng)
            if option is None:
                state, cursor = root, start.passing(before).decline(me)
            else:
                # The seats that let the root pass are passed over at the first step
                # after the option too (a driver would ask them again): the flat search
                # has always rolled out so, and its moves depend on it.
                state = game.apply(root, option)
                cursor = DecisionCursor.of(game, state).passing(before)
            end = self.playout(state, cursor, bots, rng, horizon)
            rewards.append(self.rewards(end)[me])
        return rewards

    def playout(
        self,
        state: Any,
        cursor: DecisionCursor | None,
        bots: list[Bot] | None,
        rng: random.Random,
        horizon: Any,
    ) -> Any:
        # Play the rollout policy for every seat to the horizon (see `iterate`), from
        # `state` and its cursor (None: a fresh one).
        game, limit = self.game, self.bot.rollout_actions
        steps = 0
        while not game.is_terminal(state):
            if cursor is None:
                cursor = DecisionCursor.of(game, state)
            seat = cursor.next_seat
            if seat is None:
                break
            if steps >= limit or (horizon is not None and state.round != horizon):
                break
            steps += 1
            optional = seat in cursor.optional
            options = [a for a in game.legal_actions(state) if a.seat == seat]
            if optional:
                options.append(DECLINE)
            elif len(options) == 1:
                state, cursor = game.apply(state, options[0]), None
                continue
            choice = self.policy(bots, state, seat, options, optional, rng)
            if choice is None:
                cursor = cursor.decline(seat)
                continue
            state, cursor = game.apply(state, choice), None
        return state

    def iterate(self) -> None:
        game, rng = self.game, self.rng
        assert game.sample_state is not None
        root = game.sample_state(self.observation, rng)
        start = len(root.log)
        me = self.seat
        path: list[tuple[_Node, Any, int]] = []
        bots = None
        state = root
        cursor: DecisionCursor | None = None
        in_tree = True
        steps = 0
        first = True
        horizon = root.round if self.bot.horizon == "round" else None
        searched = self.bot.opponents == "search"
        rewards: list[float] | None = None
        while not game.is_terminal(state):
            if cursor is None:
                if not in_tree and self.native:
                    rewards = self.native_rollout(state, steps, horizon)
                    if rewards is not None:
                        break
                cursor = DecisionCursor.of(game, state)
            optional = cursor.optional
            if first:
                # The search starts at the bot's own decision, whoever the driver asked
                # before it in this determinization (in the real game they have passed).
                if me in cursor.order:
                    cursor = cursor.starting_at(me)
                seat, options = me, self.options
                first = False
            else:
                next_seat = cursor.next_seat
                if next_seat is None:
                    break  # every optional seat declined and nobody must act
                seat = next_seat
                options = [a for a in game.legal_actions(state) if a.seat == seat]
                if seat in optional:
                    options.append(DECLINE)
            if in_tree and (searched or seat == me):
                key = (seat, hash(game.events(state, me, start)))
                node = self.tree.get(key)
                if node is None:
                    hint = _NO_HINT
                    if self.bot.bias and self.rollout_bots is not None:
                        if bots is None:
                            bots = self.rollout_bots(rng)
                        hint = self.policy(bots, state, seat, options, seat in optional)
                    node = self.tree[key] = _Node(hint)
                    in_tree = False
                choice = self.select(node, options)
                path.append((node, choice, seat))
            else:
                if not in_tree:
                    if steps >= self.bot.rollout_actions or (
                        horizon is not None and state.round != horizon
                    ):
                        break
                    steps += 1
                if bots is None and self.rollout_bots is not None:
                    bots = self.rollout_bots(rng)
                choice = self.policy(bots, state, seat, options, seat in optional)
            if choice is None:
                cursor = cursor.decline(seat)
                continue
            state, cursor = game.apply(state, choice), None
        if rewards is None:
            rewards = self.rewards(state)
        if self.bot.reward == "margin":
            self.low = min(self.low, *rewards)
            self.high = max(self.high, *rewards)
        for node, choice, seat in path:
            edge = node.edges[choice]
            edge.visits += 1
            edge.total += rewards[seat]

    def native_rollout(self, state: Any, steps: int, horizon: Any) -> list[float] | None:
        # The rest of `iterate`'s random rollout, from the start of `state`'s step, played
        # by the native core from this search's generator (left as the Python rollout
        # would leave it); the rewards, or None where the core cannot hold the state.
        try:
            handle = native.handle(self.game.name, state)
        except ValueError:  # a config option or a seed the core does not have
            self.native = False
            return None
        version, words, gauss = self.rng.getstate()
        words, _, over, scores, winners, evaluation = handle.rollout(
            words, steps, self.bot.rollout_actions, horizon
        )
        self.rng.setstate((version, tuple(words), gauss))
        if not over and self.game.evaluate is not None:
            assert evaluation is not None  # the search checked `native.evaluates`
            return self.rewards_of(evaluation, over, frozenset())
        return self.rewards_of(scores, over, frozenset(winners))

    def policy(
        self,
        bots: list[Bot] | None,
        state: Any,
        seat: int,
        options: list[Any],
        optional: bool,
        rng: random.Random | None = None,
    ) -> Any:
        # The rollout policy's choice: uniform (declining half of the optional decisions),
        # or the seat's rollout bot, asked as the match driver would ask it.
        if bots is None:
            rng = self.rng if rng is None else rng
            if optional and rng.random() < 0.5:
                return DECLINE
            mine = options if options[-1] is not None else options[:-1]
            return mine[rng.randrange(len(mine))]
        actions = tuple(o for o in options if o is not None)
        return bots[seat].act(self.game.observe(state, seat), actions, optional)

    def select(self, node: _Node, options: list[Any]) -> Any:
        # UCB1 over the options available here, each scored against its availability; the
        # rollout policy's pick (with `bias`) is tried first and favoured while it has few
        # visits (progressive bias), the other options once each after it.
        edges, hint = node.edges, node.hint
        untried: list[Any] = []
        best, best_score = None, -math.inf
        c, bias = self.bot.exploration, self.bot.bias
        # Margins are scaled to [0, 1] by the range seen so far in this search.
        low, span = 0.0, 1.0
        if self.bot.reward == "margin":
            low, span = self.low, self.high - self.low
            if not span > 0:
                low, span = self.low, math.inf
        for option in options:
            edge = edges.get(option)
            if edge is None:
                edge = edges[option] = _Edge()
            edge.available += 1
            hinted = option is hint or (option is not None and option == hint)
            if edge.visits == 0:
                if hinted:
                    return option
                untried.append(option)
                continue
            mean = (edge.total / edge.visits - low) / span
            score = mean + c * math.sqrt(math.log(edge.available) / edge.visits)
            if hinted:
                score += bias / edge.visits
            if score > best_score:
                best, best_score = option, score
        if untried:
            return untried[self.rng.randrange(len(untried))]
        return best

    def rewards(self, state: Any) -> list[float]:
        # Rank by scores in [0, 1]; on a finished game, blended with the win. Or each
        # seat's margin over the best other seat (`reward="margin"`).
        over = self.game.is_terminal(state)
        evaluate = self.game.evaluate
        scores = self.game.scores(state) if over or evaluate is None else evaluate(state)
        return self.rewards_of(scores, over, self.game.winners(state) if over else frozenset())

    def rewards_of(
        self, scores: Sequence[float], over: bool, winners: frozenset[int]
    ) -> list[float]:
        # `rewards` from the scores (or `evaluate`) of the last state, whether the game is
        # over, and its winners then.
        n = self.players
        sign = -1 if self.lower else 1
        if self.bot.reward == "margin":
            signed = [sign * s for s in scores]
            return [
                float(mine - max(s for other, s in enumerate(signed) if other != seat))
                for seat, mine in enumerate(signed)
            ]
        ranks = []
        for seat in range(n):
            mine = sign * scores[seat]
            beaten = sum(
                1.0 if mine > sign * s else 0.5 if mine == sign * s else 0.0
                for other, s in enumerate(scores)
                if other != seat
            )
            ranks.append(beaten / (n - 1))
        if not over:
            return ranks
        share = 1.0 / len(winners) if winners else 0.0
        return [
            0.5 * (share if seat in winners else 0.0) + 0.5 * rank
            for seat, rank in enumerate(ranks)
        ]


def _name(option: Any) -> str:
    # A root option in notation, "decline" for None.
    return "decline" if option is None else str(option)
