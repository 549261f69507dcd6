"""A record's chance is its seed's: every cut for deal, deal and starter is drawn again
from the seed and the positions the players cut at, so a record whose chance was edited
(a starter, a deal, a cut card, the seed) is refused, naming the line and what it should
say. A finished game's record can be exported; an unfinished one cannot."""

from __future__ import annotations

import random
import re

import pytest

from cribkit.actions import Cut, CutForDeal, Deal, TurnStarter
from cribkit.cards import DECK
from cribkit.dealing import chance_action, chance_rng
from cribkit.errors import CribkitError, InvalidRecordError, UnfinishedGameError
from cribkit.game import Game
from cribkit.record import GameRecord
from cribkit.state import GameState


def finished(seed: int) -> Game:
    game = Game(seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.state.legal_actions()))
    return game


def test_a_record_reads_back_with_the_players_cuts_and_chances_positions() -> None:
    record = GameRecord.of(finished(7))
    text = record.to_text()
    lines = text.splitlines()
    assert re.fullmatch(r"p[01] cut \d+", lines[3]) and re.fullmatch(r"p[01] cut \d+", lines[4])
    assert re.fullmatch(r"cut \S\S \S\S at \d+ \d+", lines[5])
    assert any(re.fullmatch(r"starter \S\S at \d+", line) for line in lines)
    assert GameRecord.parse(text) == record


def test_the_starter_edited_is_refused_naming_the_line_and_the_true_card() -> None:
    game = finished(7)
    lines = GameRecord.of(game).to_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("starter "))
    state = GameRecord.parse("\n".join(lines[:index])).final_state()
    true = chance_action(state, _rng_for(lines[:index], 7))
    assert isinstance(true, TurnStarter) and lines[index] == true.to_text()
    pack = [c for c in DECK if c not in state.dealt[0] + state.dealt[1]]
    other = next(c for c in pack if c != true.card)
    lines[index] = f"starter {other} at {true.position}"
    with pytest.raises(InvalidRecordError) as info:
        GameRecord.parse("\n".join(lines))
    assert str(info.value) == (
        f"line {index + 1}: the starter at position {true.position} is {true.card} "
        f"for seed 7, not {other}"
    )
    assert info.value.code == "record_chance_mismatch"
    assert info.value.params["line"] == index + 1


def _rng_for(lines: list[str], seed: int) -> random.Random:
    """The generator of the next chance action after these record lines."""
    chance = sum(1 for line in lines[3:] if not line.startswith("p"))
    return chance_rng(seed, chance)


def test_a_changed_seed_is_refused_at_the_first_cut() -> None:
    lines = GameRecord.of(finished(7)).to_text().splitlines()
    lines[2] = "seed 8"
    with pytest.raises(InvalidRecordError, match=r"^line 6: the cut for deal at positions"):
        GameRecord.parse("\n".join(lines))


def _chance_edits(record: GameRecord, rng: random.Random) -> list[tuple[int, str]]:
    """(line index, new line) edits of the record's chance lines and seed: other cards
    from the deck where chance put its own, cards swapped between hands, another seed."""
    edits: list[tuple[int, str]] = [(2, f"seed {record.seed + rng.randint(1, 10**6)}")]
    for offset, action in enumerate(record.actions):
        index = offset + 3
        if isinstance(action, TurnStarter):
            card = rng.choice([c for c in DECK if c != action.card])
            edits.append((index, TurnStarter(card, action.position).to_text()))
        elif isinstance(action, CutForDeal):
            first = rng.choice([c for c in DECK if c not in action.cards])
            edits.append((index, CutForDeal((first, action.cards[1]), action.positions).to_text()))
        elif isinstance(action, Deal):
            left, right = list(action.hands[0]), list(action.hands[1])
            i, j = rng.randrange(6), rng.randrange(6)
            left[i], right[j] = right[j], left[i]
            edits.append((index, Deal((tuple(sorted(left)), tuple(sorted(right)))).to_text()))
            outside = [c for c in DECK if c not in action.hands[0] + action.hands[1]]
            left = list(action.hands[0])
            left[i] = rng.choice(outside)
            edits.append((index, Deal((tuple(sorted(left)), action.hands[1])).to_text()))
    return edits


@pytest.mark.heavy
@pytest.mark.parametrize("seed", range(6))
def test_no_edit_of_chance_loads(seed: int) -> None:
    """Every edit of a starter, a deal, a cut card or the seed of six whole games."""
    record = GameRecord.of(finished(seed))
    lines = record.to_text().splitlines()
    edits = _chance_edits(record, random.Random(seed))
    assert len(edits) > 3 * record.final_state().hand_number
    for index, line in edits:
        edited = [*lines[:index], line, *lines[index + 1 :]]
        with pytest.raises(InvalidRecordError, match=r"^line \d+: "):
            GameRecord.parse("\n".join(edited))


def test_a_cut_moved_to_another_position_is_refused() -> None:
    """The player's line and chance's line must agree on where the cut was."""
    lines = GameRecord.of(finished(3)).to_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("starter "))
    position = int(lines[index].split()[-1])
    lines[index - 1] = lines[index - 1].rsplit(" ", 1)[0] + f" {4 + (position - 3) % 33}"
    with pytest.raises(InvalidRecordError, match=rf"^line {index + 1}: .*cut was at"):
        GameRecord.parse("\n".join(lines))


def test_the_same_positions_give_the_same_cards_and_others_other_cards() -> None:
    state = GameState()
    for seat, position in ((0, 5), (1, 9)):
        state = state.apply(Cut(seat, position)).state
    one = chance_action(state, chance_rng(11, 0))
    assert one == chance_action(state, chance_rng(11, 0))
    assert isinstance(one, CutForDeal) and one.positions == (5, 9)
    moved = GameState().apply(Cut(0, 6)).state.apply(Cut(1, 9)).state
    other = chance_action(moved, chance_rng(11, 0))
    assert isinstance(other, CutForDeal)
    assert other.cards[1] == one.cards[1] and other.cards[0] != one.cards[0]


def test_an_old_format_record_says_so() -> None:
    with pytest.raises(InvalidRecordError, match="older format") as info:
        GameRecord.parse("# cribkit game record 1\nseed 7\ncut 5H KD\n")
    assert info.value.code == "record_old_format"


def test_only_a_finished_game_is_exported() -> None:
    game = finished(5)
    record = GameRecord.of(game)
    assert record.export_text() == record.to_text()
    assert GameRecord.parse(record.export_text()).final_state() == game.state
    half = GameRecord(record.rules, record.seed, record.actions[: len(record.actions) // 2])
    with pytest.raises(UnfinishedGameError) as info:
        half.export_text()
    assert isinstance(info.value, CribkitError)
    assert info.value.code == "record_game_unfinished"
