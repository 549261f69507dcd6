"""``cribkit replay``: random games saved as records, told back hand by hand."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from cli_support import assert_bad_input, assert_json_error, invoke, json_out, random_game

from cribkit.actions import CutForDeal, Resign, TurnStarter
from cribkit.cards import Rank, parse_card
from cribkit.record import GameRecord
from cribkit.rules import STANDARD, GameRules


def save(
    tmp_path: Path, seed: int, *, rules: GameRules = STANDARD, max_actions: int | None = None
) -> tuple[Path, GameRecord]:
    record = GameRecord.of(random_game(seed, rules=rules, max_actions=max_actions))
    path = tmp_path / f"game{seed}.txt"
    record.save(path)
    return path, record


def replay_json(path: Path) -> dict[str, object]:
    data = json_out(invoke(["replay", str(path), "--json"]))
    assert isinstance(data, dict)
    return data


def all_events(hand: dict[str, object]) -> list[dict[str, object]]:
    """Every event of a hand in the order it was pegged: heels, the play, the show."""
    events = list(hand["heels"])  # type: ignore[call-overload]
    for line in hand["play"]:  # type: ignore[attr-defined]
        events.extend(line["events"])
    for show in hand["shows"]:  # type: ignore[attr-defined]
        events.extend(show["events"])
    return events


@pytest.mark.parametrize("seed", range(12))
def test_json_accounts_for_every_point(tmp_path: Path, seed: int) -> None:
    path, record = save(tmp_path, seed)
    final = record.final_state()
    data = replay_json(path)
    hands = data["hands"]
    assert isinstance(hands, list)
    assert data["seed"] == seed
    assert [hand["hand"] for hand in hands] == list(range(1, final.hand_number + 1))
    assert data["outcome"] == final.outcome.to_dict()  # type: ignore[union-attr]
    pegged = [0, 0]
    for hand in hands:
        events = all_events(hand)
        for event in events:
            # every point counts, but the peg stops in the game hole
            pegged[event["player"]] = min(pegged[event["player"]] + event["points"], 121)
            assert event["score"] == pegged[event["player"]]
            assert event["hand_number"] == hand["hand"]
        assert hand["scores"] == pegged
    assert pegged == list(final.scores)


@pytest.mark.parametrize("seed", range(12))
def test_json_hands_are_consistent(tmp_path: Path, seed: int) -> None:
    path, _ = save(tmp_path, seed)
    hands = replay_json(path)["hands"]
    assert isinstance(hands, list)
    assert hands[0]["cut_for_deal"], "the first hand carries the cut for deal"
    for previous, hand in pairwise(hands):
        assert hand["cut_for_deal"] == []
        assert hand["dealer"] == 1 - previous["dealer"]
    for hand in hands:
        dealer = hand["dealer"]
        for seat in (0, 1):
            assert sorted(hand["kept"][seat] + hand["discards"][seat]) == sorted(
                hand["dealt"][seat]
            )
        assert sorted(hand["crib"]) == sorted(hand["discards"][0] + hand["discards"][1])
        starter = hand["starter"]
        heels = hand["heels"]
        if starter is not None and parse_card(starter).rank is Rank.JACK:
            assert [(e["player"], e["kind"], e["points"]) for e in heels] == [(dealer, "heels", 2)]
        else:
            assert heels == []
        check_play(hand["play"])
        for show in hand["shows"]:
            kept = hand["crib"] if show["context"] == "crib" else hand["kept"][show["player"]]
            assert sorted(show["cards"]) == sorted(kept)
            assert show["total"] == sum(item["points"] for item in show["items"])


def check_play(lines: list[dict[str, object]]) -> None:
    """Counts follow the cards, stay at 31 or under and restart after a reset."""
    count = 0
    for line in lines:
        card = line["card"]
        if line["go"]:
            assert card is None
        else:
            assert isinstance(card, str)
            count += parse_card(card).pips
        assert line["count"] == count <= 31
        if line["reset"]:
            count = 0


def test_human_output_tells_each_hand(tmp_path: Path) -> None:
    path, record = save(tmp_path, 3)
    final = record.final_state()
    result = invoke(["replay", str(path)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"seed {record.seed}" in out
    assert "Cut for deal: p0" in out
    for number in range(1, final.hand_number + 1):
        assert f"Hand {number}: p" in out
    assert f"Hand {final.hand_number + 1}:" not in out
    assert out.count("The play") == final.hand_number
    assert out.count("starter ") >= final.hand_number
    outcome = final.outcome
    assert outcome is not None
    winner, loser = outcome.scores[outcome.winner], outcome.scores[outcome.loser]
    assert f"p{outcome.winner} wins {winner} to {loser}" in out
    hands = replay_json(path)["hands"]
    assert isinstance(hands, list)
    for hand in hands:
        for line in hand["play"]:
            assert line["talk"] in out
        for show in hand["shows"]:
            assert show["call"].split(",")[0] in out
        assert f"Scores: p0 {hand['scores'][0]}, p1 {hand['scores'][1]}" in out


def test_human_output_names_the_skunk(tmp_path: Path) -> None:
    # Every loser is under a skunk line at the target: the replay must say so.
    path, record = save(tmp_path, 4, rules=GameRules(121, 121, 121))
    assert record.rules.skunk_line == 121
    result = invoke(["replay", str(path)])
    assert result.exit_code == 0, result.output
    outcome = record.final_state().outcome
    assert outcome is not None
    assert f"p{outcome.loser} is double skunked" in result.stdout
    assert replay_json(path)["outcome"] == outcome.to_dict()


def test_unfinished_game(tmp_path: Path) -> None:
    path, record = save(tmp_path, 5, max_actions=15)
    assert not record.final_state().is_over
    result = invoke(["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "stops before the end" in result.stdout
    assert replay_json(path)["outcome"] is None


def broken(tmp_path: Path, edit: str) -> Path:
    """A saved record damaged in one of several ways."""
    path, record = save(tmp_path, 6)
    lines = record.to_text().splitlines()
    first_play = next(i for i, line in enumerate(lines) if " play " in line)
    if edit == "swap":  # two plays out of turn
        lines[first_play], lines[first_play + 1] = lines[first_play + 1], lines[first_play]
    elif edit == "garbage":
        lines[first_play] = "p0 juggle 5H"
    elif edit == "card":
        lines[first_play] = lines[first_play].rsplit(" ", 1)[0] + " 5X"
    elif edit == "seed":
        lines = [line for line in lines if not line.startswith("seed")]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("edit", "fragments"),
    [
        ("swap", ("not player", "turn")),
        ("garbage", ("line", "juggle")),
        ("card", ("line", "'5X' is not a card")),
        ("seed", ("no 'seed' line",)),
    ],
)
@pytest.mark.parametrize("as_json", [False, True])
def test_bad_record(tmp_path: Path, edit: str, fragments: tuple[str, ...], as_json: bool) -> None:
    path = broken(tmp_path, edit)
    result = invoke(["replay", str(path), *(["--json"] if as_json else [])])
    if as_json:
        assert_json_error(result, None, *fragments)
    else:
        assert_bad_input(result, *fragments)
    assert result.stdout == ""


def test_missing_and_unreadable_files(tmp_path: Path) -> None:
    assert_bad_input(invoke(["replay", str(tmp_path / "none.txt")]), "cannot read")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert_bad_input(invoke(["replay", str(binary)]), "not UTF-8")


def test_records_with_tied_cuts_for_deal(tmp_path: Path) -> None:
    # Search a few seeds for a game whose first cut is a tie; the replay shows every cut.
    for seed in range(400):
        record = GameRecord.of(random_game(seed, max_actions=6))
        cuts = [a for a in record.actions if isinstance(a, CutForDeal)]
        if len(cuts) > 1:
            break
    else:
        pytest.skip("no tied cut for deal in 400 seeds")
    path = tmp_path / "tie.txt"
    record.save(path)
    data = replay_json(path)
    first = data["hands"][0]  # type: ignore[index]
    assert first["cut_for_deal"] == [[str(card) for card in cut.cards] for cut in cuts]
    assert first["cut_for_deal_positions"] == [list(cut.positions) for cut in cuts]
    text = invoke(["replay", str(path)]).stdout
    assert "cut again" in text
    for cut in cuts:
        assert f"p0 draws card {cut.positions[0] + 1}: {cut.cards[0].unicode}" in text
        assert f"p1 card {cut.positions[1] + 1}: {cut.cards[1].unicode}" in text


@pytest.mark.parametrize("seed", range(3))
def test_the_starter_shows_where_the_pone_cut(tmp_path: Path, seed: int) -> None:
    path, record = save(tmp_path, seed)
    starters = [a for a in record.actions if isinstance(a, TurnStarter)]
    data = replay_json(path)
    hands = data["hands"]
    assert isinstance(hands, list)
    assert [h["starter_cut"] for h in hands] == [a.position for a in starters]
    text = invoke(["replay", str(path)]).stdout
    for hand, turn in zip(hands, starters, strict=True):
        pone = 1 - hand["dealer"]
        line = f"starter {turn.card.unicode} (p{pone} lifts {turn.position} cards of the pack)"
        assert line in text


@pytest.mark.parametrize("seed", range(4))
def test_each_hand_ends_with_the_pegboard(tmp_path: Path, seed: int) -> None:
    path, record = save(tmp_path, seed)
    data = replay_json(path)
    hands = data["hands"]
    assert isinstance(hands, list)
    last_move = [0, 0]
    for hand in hands:
        assert [peg["front"] for peg in hand["pegs"]] == hand["scores"]
        for event in all_events(hand):  # a move: one player's events from one from_score
            seat = event["player"]
            last_move[seat] = event["score"] - event["from_score"]
        for seat, peg in enumerate(hand["pegs"]):
            assert peg["front"] - peg["back"] == last_move[seat]  # the gap is the last score
    final = record.final_state()
    assert hands[-1]["pegs"] == [{"front": p.front, "back": p.back} for p in final.pegs]
    text = invoke(["replay", str(path)]).stdout
    lines = text.splitlines()
    boards = [n for n, line in enumerate(lines) if line.startswith("Scores: ")]
    assert len(boards) == len(hands)
    for n, hand in zip(boards, hands, strict=True):
        for seat, row in enumerate(lines[n + 2 : n + 4]):
            assert row.startswith(f"p{seat} ")
            assert "●" in row
            assert row.split()[-2 if hand["pegs"][seat]["front"] else -1] == str(
                hand["scores"][seat]
            )


@pytest.mark.parametrize(("moves", "seat"), [(0, 1), (30, 0)])
def test_a_resigned_game_is_told_to_its_end(tmp_path: Path, moves: int, seat: int) -> None:
    """A record ending in ``pN resign`` (before the first deal, or mid-game) replays, says
    who resigned and who won, and its JSON outcome is marked resigned, with no skunk."""
    game = random_game(3, max_actions=moves)
    game.apply(Resign(seat))
    path = tmp_path / "resigned.txt"
    GameRecord.of(game).save(path)
    result = invoke(["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert f"p{seat} resigns; p{1 - seat} wins" in result.stdout
    outcome = replay_json(path)["outcome"]
    assert isinstance(outcome, dict)
    assert outcome["resigned"] is True and outcome["winner"] == 1 - seat
    assert outcome["skunk"] == "none"
