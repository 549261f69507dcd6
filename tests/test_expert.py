"""The expert: only legal actions from either seat, nothing beyond its view (which has
no field for hidden cards), deterministic for a view and seed, winning at 121, and
ahead of greedy over a quick seeded sample."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from cribkit.actions import Discard, Play
from cribkit.analysis import pegging as pegging_module
from cribkit.analysis.cribknown import crib_distribution
from cribkit.analysis.discard import HOLDS, analyze_discard, hold_values
from cribkit.analysis.keepmodel import crib_throws
from cribkit.analysis.laterplays import (
    LATER_READING_DEALS_NEAR_121,
)
from cribkit.analysis.pegging import (
    DEAL_LIMITS,
    EXPERT_PLAY,
    PLAIN_SEARCH,
    POINTS_DEAL_LIMITS,
    Endgame,
    deal_count,
    evaluate_plays,
    expert_plays,
)
from cribkit.analysis.pegvalue import (
    DEALER_PEGGING_WEIGHT,
    expert_hold,
    hold_pegging,
    hold_values_with_pegging,
    pegging_weight,
)
from cribkit.analysis.winprob import (
    MAX_SHOW,
    TABLE_2026,
    endgame_for_play,
    expert_discard_chances,
    stage_knowing_their_hand,
)
from cribkit.cards import DECK, Card, parse_card, parse_cards
from cribkit.events import Pegs, PlayLogEntry
from cribkit.game import Game
from cribkit.players import LEVELS, STRATEGIES, make_strategy
from cribkit.players.expert import CHANCE_DIGITS, PEGGING_WEIGHT, ExpertStrategy
from cribkit.scoring import rank_points, show_points
from cribkit.state import GameState, Phase
from cribkit.view import PlayerView, view_of
from game_support import play_checked_game
from state_support import discard_view, past_the_cut, run, to_the_play


@pytest.mark.heavy
@pytest.mark.parametrize("names", [("expert", "random"), ("greedy", "expert")])
def test_only_legal_actions_from_either_seat(names: tuple[str, str]) -> None:
    for seed in range(4):
        game = play_checked_game(seed, names)
        assert game.state.outcome is not None


def test_a_view_has_no_field_for_hidden_cards() -> None:
    fields = {field.name for field in dataclasses.fields(PlayerView)}
    hidden = {"dealt", "held", "crib", "deck", "discards", "opponent_hand", "cards"}
    assert not fields & hidden
    card_fields = {
        field.name for field in dataclasses.fields(PlayerView) if "Card" in str(field.type)
    }
    # own cards, and public ones: the cut for deal, the starter, the cards on the table
    assert card_fields == {"hand", "kept", "discarded", "starter", "series", "cut_for_deal"}


def test_deterministic_for_a_view_and_seed() -> None:
    game = Game(seed=21)
    greedy = make_strategy("greedy", seed=0)
    checked = 0
    while not game.is_over and checked < 40:
        player = game.state.players_to_move()[0]
        view = game.view(player)
        if len(view.legal_actions) > 1:
            first = make_strategy("expert", seed=5).choose(view)
            again = make_strategy("expert", seed=5).choose(view)
            assert first == again
            checked += 1
        game.apply(greedy.choose(view))
    assert checked >= 20


def test_expert_2026_discards_by_the_exact_analysis() -> None:
    game = past_the_cut(Game(seed=4))
    for player in (0, 1):
        view = game.view(player)
        action = make_strategy("expert-2026", seed=0).choose(view)
        assert isinstance(action, Discard)
        best = analyze_discard(view.hand, dealer=view.is_dealer).best
        assert set(action.cards) == set(best.throw)


def test_discards_add_the_pegging_of_the_kept_ranks() -> None:
    changed = 0
    for seed in range(30):
        game = past_the_cut(Game(seed=seed))
        for player in (0, 1):
            view = game.view(player)
            action = make_strategy("expert", seed=0).choose(view)
            assert isinstance(action, Discard)
            dealer = view.is_dealer
            pegging = pegging_weight(dealer=dealer) * hold_pegging(view.hand, dealer=dealer)
            throws = crib_throws(dealer=dealer)
            values = hold_values(view.hand, dealer=dealer, opponent_throws=throws) + pegging
            best = HOLDS[int(values.argmax())]
            assert set(action.cards) == {view.hand[i] for i in best[1]}
            alike = hold_values(view.hand, dealer=dealer) + pegging  # every throw alike
            assert expert_hold(view.hand, dealer=dealer) == int(alike.argmax())
            old = make_strategy("expert-2026", seed=0).choose(view)
            changed += old != action
    assert 0 < changed < 30  # the pegging term decides some deals, not most


@pytest.mark.parametrize(("mine", "theirs"), [(0, 0), (100, 98)])
def test_a_dealer_weight_changes_the_dealer_discard_only(mine: int, theirs: int) -> None:
    """``dealer_pegging_weight`` weighs the pegging of a dealer's holds alone, far from
    121 and near it; the pone keeps ``pegging_weight``."""
    cards = "5H 5S 6D 7C JH KS"
    for dealer in (True, False):
        view = discard_view(cards, mine, theirs, dealer=dealer)
        shipped = ExpertStrategy(seed=0).discard_values(view)
        weightless = ExpertStrategy(
            seed=0, pegging_weight=0.0, dealer_pegging_weight=None
        ).discard_values(view)
        split = ExpertStrategy(seed=0, dealer_pegging_weight=0.0).discard_values(view)
        assert split == (weightless if dealer else shipped)
        apart = ExpertStrategy(seed=0, dealer_pegging_weight=0.3).discard_values(view)
        assert (apart == shipped) != dealer
        if mine == 0:  # far from 121 the points are the role-weighted values
            throws = crib_throws(dealer=dealer)
            assert shipped[0] == hold_values_with_pegging(view.hand, dealer=dealer).tolist()
            for strategy, weight in (
                (shipped, DEALER_PEGGING_WEIGHT if dealer else PEGGING_WEIGHT),
                (apart, 0.3 if dealer else PEGGING_WEIGHT),
            ):
                expected = hold_values(
                    view.hand, dealer=dealer, opponent_throws=throws
                ) + weight * hold_pegging(view.hand, dealer=dealer)
                assert strategy[0] == expected.tolist()
    assert shipped != weightless  # the pegging term counts in these holds


@pytest.mark.parametrize(("mine", "theirs"), [(0, 0), (104, 99)])
def test_the_crib_is_valued_against_the_opponent_s_throws(mine: int, theirs: int) -> None:
    """The shipped expert values each crib against the throws the keep model says the
    other role makes (``crib_throws``), far from 121 and near it; ``crib_model=False``
    values it against every pair alike. The model decides some deals, not most."""
    changed = 0
    for seed in range(40):
        rng = random.Random(seed)
        dealt = " ".join(str(c) for c in rng.sample(DECK, 6))
        dealer = seed % 2 == 0
        view = discard_view(dealt, mine, theirs, dealer=dealer)
        modelled = ExpertStrategy(seed=0)
        alike = ExpertStrategy(seed=0, crib_model=False)
        points, chances = modelled.discard_values(view)
        plain_points, plain_chances = alike.discard_values(view)
        pegging = pegging_weight(dealer=dealer) * hold_pegging(view.hand, dealer=dealer)
        for values, throws in ((points, crib_throws(dealer=dealer)), (plain_points, None)):
            hand_and_crib = hold_values(view.hand, dealer=dealer, opponent_throws=throws)
            assert values == pytest.approx((hand_and_crib + pegging).tolist(), abs=1e-9)
        if mine:
            assert chances == expert_discard_chances(view)
            assert plain_chances is not None and plain_chances != chances
        changed += modelled.choose(view) != alike.choose(view)
    assert 0 < changed < 20


def test_the_experts_play_is_the_shipped_play_search() -> None:
    """``EXPERT_PLAY`` is the one place the shipped expert's play is set: the strategy's
    defaults are its settings (and ``expert_plays``, which hints and reviews read, searches
    with it: see the tests below that compare their cards)."""
    assert ExpertStrategy().search == EXPERT_PLAY


def test_expert_2026_is_a_strategy_for_matches_not_a_level() -> None:
    assert "expert-2026" in STRATEGIES
    assert "expert-2026" not in LEVELS.values()
    assert isinstance(make_strategy("expert-2026"), ExpertStrategy)
    assert make_strategy("expert-2026").name == "expert-2026"


def test_expert_2026_12_is_a_strategy_for_matches_not_a_level() -> None:
    assert "expert-2026-12" in STRATEGIES
    assert "expert-2026-12" not in LEVELS.values()
    assert isinstance(make_strategy("expert-2026-12"), ExpertStrategy)
    assert make_strategy("expert-2026-12").name == "expert-2026-12"


EXPERT_2026_12_CHOICES = {
    21: "AS 3C|2C 2D|QS|TC|TH|2D|KC|2D|2H 4C|4S TD|6H|QD|6S|JD|8H|KC",
    22: "2S 4D|JH KD|7H|QC|5C|TH|7H|QC|6C KH|7D 7S|8C|JH|JC|TC|JD|JH",
}
"""What the expert of session 11 chose at its first 16 choices of a game against greedy
(greedy playing both seats, the expert asked at each), recorded when ``expert-2026-12``
was split off from it."""


@pytest.mark.parametrize("game_seed", sorted(EXPERT_2026_12_CHOICES))
def test_expert_2026_12_plays_as_the_session_11_expert_did(game_seed: int) -> None:
    game = Game(seed=game_seed)
    greedy = make_strategy("greedy", seed=0)
    choices: list[str] = []
    while not game.is_over and len(choices) < 16:
        view = game.view(game.state.players_to_move()[0])
        if len(view.legal_actions) > 1 and all(
            isinstance(a, Discard | Play) for a in view.legal_actions
        ):
            action = make_strategy("expert-2026-12", seed=0).choose(view)
            if isinstance(action, Discard):
                choices.append(" ".join(str(card) for card in action.cards))
            else:
                assert isinstance(action, Play)
                choices.append(str(action.card))
        game.apply(greedy.choose(view))
    assert "|".join(choices) == EXPERT_2026_12_CHOICES[game_seed]
    assert make_strategy("expert-2026-12").choose(winning_eight_view()) == Play(1, parse_card("8C"))


def winning_eight_view() -> PlayerView:
    """Dealer on 119 with a hand worth nothing, the pone on 116 has led a 7: the 8
    (fifteen two) wins at once; anything else lets the pone count first."""
    me, other = 1, 0  # seat 1 deals; seat 0 (the pone) has led the 7
    kept_me = parse_cards("8C 9D KH QS")
    kept_other = parse_cards("7H 2C 3C 4C")
    starter = parse_card("AS")
    state = GameState(
        phase=Phase.PLAY,
        dealer=me,
        hand_number=9,
        pegs=(Pegs(116, 110), Pegs(119, 117)),
        dealt=(
            (*kept_other, *parse_cards("5D 6D")),
            (*kept_me, *parse_cards("QD JD")),
        ),
        discards=(parse_cards("5D 6D"), parse_cards("JD QD")),
        starter=starter,
        held=(kept_other[1:], kept_me),
        series=(kept_other[0],),
        to_play=me,
        last_player=other,
        play_log=(PlayLogEntry(other, kept_other[0], 7),),
    )
    return view_of(state, me)


def test_pegs_the_points_that_win_at_once() -> None:
    view = winning_eight_view()
    action = make_strategy("expert", seed=0).choose(view)
    assert action == Play(view.player, parse_card("8C"))
    endgame = endgame_for_play(view)
    assert endgame is not None and endgame.need == (2, 5)
    evaluations = evaluate_plays(view, endgame=endgame)
    assert evaluations[0].win_probability == pytest.approx(1.0)
    assert all(e.win_probability is not None and e.win_probability < 0.999 for e in evaluations[1:])


def test_the_endgame_can_know_each_deals_hand_and_the_crib() -> None:
    """``knowing_hands``: a deal's chances after the play count the opponent's hand from
    that deal's ranks (with the 7 they led and the starter); deals whose hands count
    alike share one function. ``knowing_crib``: the crib from my throws and the starter."""
    view = winning_eight_view()
    plain = endgame_for_play(view)
    knowing = endgame_for_play(view, knowing_hands=True, knowing_crib=True)
    assert plain is not None and plain.knowing is None
    assert knowing is not None and knowing.knowing is not None
    crib = crib_distribution(
        (view.discarded[0], view.discarded[1]),
        parse_card("AS"),
        frozenset((*view.kept, *view.discarded)),
        dealer=True,
        size=MAX_SHOW,
    )
    mine = show_points(view.kept, parse_card("AS"), crib=False)
    for held in ((2, 3, 4), (2, 2, 13), (10, 12, 13), (5, 5, 5)):
        their_hand = rank_points((1, 7, *held))
        stage = stage_knowing_their_hand(119, 116, dealer=True, their_hand=their_hand, crib=crib)
        after_play = knowing.knowing(held)
        for got_mine, got_theirs in ((0, 0), (1, 0), (0, 3), (2, 4)):
            expected = min(max(stage[mine + got_mine, got_theirs], 0.0), 1.0)
            assert after_play(got_mine, got_theirs) == pytest.approx(expected, abs=1e-12)
    assert knowing.knowing((10, 12, 13)) is knowing.knowing((9, 12, 13))  # both count 0
    variant = ExpertStrategy(seed=0, knowing_hands=True, knowing_crib=True)
    assert variant.choose(view) == Play(1, parse_card("8C"))


@pytest.mark.slow
def test_beats_greedy_in_a_quick_seeded_sample() -> None:
    """Not a strength proof (the tournament runner does that): a sanity check that the
    expert wins more than half of 100 duplicate pairs (200 games) against greedy."""
    wins = 0
    for seed in range(100):
        for seats in (("expert", "greedy"), ("greedy", "expert")):
            outcome = play_checked_game(seed, seats).state.outcome
            assert outcome is not None
            wins += seats[outcome.winner] == "expert"
    assert wins > 100


@pytest.mark.heavy
def test_cards_of_one_rank_are_played_as_the_search_would() -> None:
    """When every card that fits has the same rank the expert skips the search; its
    choice is still the search's first card."""
    found = 0
    for seed in range(40):
        game = Game(seed=seed)
        players = [make_strategy("greedy", seed=seed), make_strategy("random", seed=seed)]
        while not game.is_over:
            player = game.state.players_to_move()[0]
            view = game.view(player)
            plays = [a for a in view.legal_actions if isinstance(a, Play)]
            if len(plays) > 1 and len({a.card.rank for a in plays}) == 1:
                endgame = endgame_for_play(view)
                expected = evaluate_plays(view, endgame=endgame)[0].card
                assert make_strategy("expert", seed=0).choose(view) == Play(player, expected)
                found += 1
            game.apply(players[player].choose(view))
    assert found >= 3


def test_points_decide_where_the_table_cannot() -> None:
    """Dealing on 0 against a pone on 120, every hold loses alike: the expert throws as
    it would for points (hand, crib and pegging value), not the first hold."""
    changed = 0
    for seed in range(12):
        dealt = " ".join(str(c) for c in random.Random(seed).sample(DECK, 6))
        view = discard_view(dealt, 0, 120, dealer=True)
        expert = make_strategy("expert", seed=0)
        assert isinstance(expert, ExpertStrategy)
        points, chances = expert.discard_values(view)
        assert chances is not None and len({round(c, CHANCE_DIGITS) for c in chances}) == 1
        action = expert.choose(view)
        best = max(range(len(HOLDS)), key=lambda h: (points[h], -h))
        assert set(action.cards) == {view.hand[i] for i in HOLDS[best][1]}
        changed += best != 0
    assert changed > 0


def test_near_the_end_the_expert_counts_the_pegging_in_its_chances() -> None:
    """The expert's endgame discard is the best of its own chances, which add the pegging
    table's value of the kept ranks; expert-2026's leave it out."""
    differ = 0
    for seed in range(30):
        rng = random.Random(100 + seed)
        dealt = " ".join(str(c) for c in rng.sample(DECK, 6))
        view = discard_view(
            dealt, 100 + rng.randrange(15), 95 + rng.randrange(20), dealer=rng.random() < 0.5
        )
        expert = make_strategy("expert", seed=0)
        assert isinstance(expert, ExpertStrategy)
        points, chances = expert.discard_values(view)
        assert chances is not None
        assert chances == expert_discard_chances(view)
        best = max(
            range(len(HOLDS)), key=lambda h: (round(chances[h], CHANCE_DIGITS), points[h], -h)
        )
        action = expert.choose(view)
        assert set(action.cards) == {view.hand[i] for i in HOLDS[best][1]}
        plain = expert_discard_chances(view, weight=0.0)
        differ += max(range(len(HOLDS)), key=lambda h: plain[h]) != best
    assert differ > 0


@pytest.fixture(scope="module")
def real_plays() -> list[PlayerView]:
    """Views where the expert chooses between ranks, from three seeded self-play games
    (played once for the tests that compare its plays with the search's)."""
    views: list[PlayerView] = []
    for seed in range(3):
        game = Game(seed=300 + seed)
        players = [make_strategy("expert", seed=seed), make_strategy("expert", seed=seed + 1)]
        while not game.is_over:
            player = game.state.players_to_move()[0]
            view = game.view(player)
            plays = {a.card.rank for a in view.legal_actions if isinstance(a, Play)}
            if len(plays) > 1:
                views.append(view)
            game.apply(players[player].choose(view))
    return views


@pytest.mark.heavy
def test_the_expert_plays_the_card_its_hint_and_review_rate_best(
    real_plays: list[PlayerView],
) -> None:
    """Hints and reviews rank plays by ``expert_plays`` (``evaluate_plays`` with the
    expert's tables and readings): the expert's own card must be their first, for points
    (many deals) and near 121 (fewer), or a review would call the computer's choices
    mistakes."""
    near = 0
    for view in real_plays:
        endgame = endgame_for_play(view)
        near += endgame is not None
        best = expert_plays(view, endgame)[0].card
        assert make_strategy("expert", seed=0).choose(view) == Play(view.player, best)
    assert len(real_plays) > 40 and near > 3


@pytest.mark.heavy
def test_expert_2026_searches_the_first_deal_counts(real_plays: list[PlayerView]) -> None:
    """The yardstick keeps the search's first deal counts (``DEAL_LIMITS``) for points
    too, and the plausibility weights instead of the keep model; the expert searches
    ``POINTS_DEAL_LIMITS``, which is more at every size."""
    assert all(POINTS_DEAL_LIMITS[size] > DEAL_LIMITS[size] for size in DEAL_LIMITS)
    differ = 0
    for view in real_plays:
        endgame = endgame_for_play(view, table=TABLE_2026)
        limit = deal_count(view, endgame=endgame is not None, points_limits=DEAL_LIMITS)
        old = evaluate_plays(view, UNREAD_PLAY, endgame=endgame, deal_limit=limit)[0].card
        assert make_strategy("expert-2026", seed=0).choose(view) == Play(view.player, old)
        differ += old != evaluate_plays(view, endgame=endgame)[0].card
    assert differ > 0


UNREAD_PLAY = dataclasses.replace(PLAIN_SEARCH, keep_model=False, reading=0.0)
"""The plain search weighing the holdings by plausibility alone, reading nothing."""


def _first_card(view: PlayerView, endgame: Endgame | None, **changes: Any) -> Card:
    """The best card of the shipped expert's search, with ``changes`` to it."""
    search = dataclasses.replace(EXPERT_PLAY, **changes)
    return evaluate_plays(view, search, endgame=endgame)[0].card


@pytest.mark.heavy
def test_the_play_weighs_the_holdings_by_keeps_and_plays(real_plays: list[PlayerView]) -> None:
    """The expert's card is the search's best with the keep model's weights and the
    reading of the opponent's plays; with the plausibility weights instead, without the
    reading of the answer, or without the reading of the later cards, some of its plays
    would differ."""
    by_plausibility = unread = read = later_unread = 0
    for view in real_plays:
        endgame = endgame_for_play(view)
        best = _first_card(view, endgame)
        assert make_strategy("expert", seed=0).choose(view) == Play(view.player, best)
        by_plausibility += best != _first_card(view, endgame, keep_model=False)
        read += any(e.card is not None and e.player == view.opponent for e in view.play_log)
        unread += best != _first_card(view, endgame, reading=0.0)
        later_unread += best != _first_card(view, endgame, later_reading=0.0)
    assert by_plausibility > 0 and unread > 0 and read > unread and later_unread > 0


def test_near_121_the_later_reading_deals_fewer_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """The winning-chance search needs the time near 121: the later reading deals
    ``later_reading_deals_near_121`` hands there, ``later_reading_deals`` elsewhere."""
    seen: list[int] = []
    deals = pegging_module._deals

    def recording_deals(*args: Any) -> Any:
        seen.append(args[7])  # the expert's hands the later reading deals
        return deals(*args)

    monkeypatch.setattr(pegging_module, "_deals", recording_deals)
    strategy = ExpertStrategy(seed=0, later_reading_deals=8, later_reading_deals_near_121=4)
    strategy.choose(winning_eight_view())
    state, _ = to_the_play("2C 6C 7C 8C AH AS", "5D 3D KH 9S QC JC", "AH AS", "QC JC", "4S")
    state, _ = run(state, "p1 play 5D", "p0 play 2C", "p1 play 3D")
    strategy.choose(view_of(state, 0))  # far from 121
    assert seen == [4, 8]
    assert (
        ExpertStrategy(seed=0).search.later_reading_deals_near_121 == LATER_READING_DEALS_NEAR_121
    )


@pytest.mark.parametrize(
    ("setting", "value", "pinned"), [("keep_strength", 0.6, 1.0), ("keep_table", "keeps", "keeps")]
)
def test_the_keep_settings_reach_the_holdings_the_play_weighs(
    monkeypatch: pytest.MonkeyPatch, setting: str, value: object, pinned: object
) -> None:
    """``keep_strength`` tempers the keep model where the expert's play weighs the
    opponent's holdings and ``keep_table`` names whose keeps it reads (today's expert's
    for the shipped expert); the shipped expert's are ``EXPERT_PLAY``'s, which hints read,
    and the yardstick's stay pinned when a default moves."""
    seen: list[object] = []
    holdings = pegging_module.opponent_holdings

    def recording_holdings(view: PlayerView, **settings: Any) -> Any:
        seen.append(settings[setting])
        return holdings(view, **settings)

    monkeypatch.setattr(pegging_module, "opponent_holdings", recording_holdings)
    state, _ = to_the_play("2C 6C 7C 8C AH AS", "5D 3D KH 9S QC JC", "AH AS", "QC JC", "4S")
    state, _ = run(state, "p1 play 5D", "p0 play 2C", "p1 play 3D")
    ExpertStrategy(seed=0, **{setting: value}).choose(view_of(state, 0))
    ExpertStrategy(seed=0).choose(view_of(state, 0))
    make_strategy("expert-2026-12", seed=0).choose(view_of(state, 0))
    assert seen == [value, getattr(EXPERT_PLAY, setting), pinned]
