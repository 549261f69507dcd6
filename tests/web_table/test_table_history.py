"""A game's history: the talk and score sheet from the record (never a hidden card), the
finished record downloaded, and any record uploaded to the replay page (a bad one refused,
naming its line, in the reader's language)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from table_support import COMPUTER, HUMAN, hidden_cards, play_out, stored_record, stored_state
from typer.testing import CliRunner

from cribkit.cards import Card
from cribkit.cli import app as cli_app
from cribkit.events import Pegs, ScoreContext
from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.record import GameRecord
from cribkit.web.table.games.history import game_history
from cribkit.web.table.replay.moments import moments

ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}
EN = {"Accept-Language": "en"}


def finished_game(seed: int) -> Game:
    """A whole game between two random players, decided by ``seed``."""
    game = Game(seed=seed)
    while not game.is_over:
        player = game.state.players_to_move()[0]
        game.apply(make_strategy("random", seed=seed).choose(game.view(player)))
    return game


def history_text(history: dict[str, Any], hand: int) -> str:
    """The talk of deal ``hand`` (earlier cards, and the cut's, went back into the pack)."""
    talk = history["talk"]
    return "\n".join(t["text"] for t in talk if t["kind"] != "cut" and t["hand_number"] == hand)


# ------------------------------------------------------------------ the history itself


def test_sheet_adds_up_to_the_scores_hand_by_hand() -> None:
    game = finished_game(11)
    history = game_history(GameRecord.of(game))
    assert [row.number for row in history.sheet] == list(range(1, game.state.hand_number + 1))
    running = [0, 0]
    for row in history.sheet:
        assert row.dealer in (0, 1)
        for player in (0, 1):
            gained = row.pegging[player] + (row.hand[player] or 0)
            gained += (row.crib or 0) if row.dealer == player else 0
            running[player] = min(running[player] + gained, 121)
            assert row.totals[player] == running[player]
    assert tuple(history.sheet[-1].totals) == game.state.scores
    assert max(game.state.scores) == 121


def test_sheet_and_talk_keep_unrevealed_counts_of_the_show_hidden() -> None:
    game = Game(seed=5)
    while game.state.hand_number < 2:  # play into the first show, then stop there
        player = game.state.players_to_move()[0]
        game.apply(make_strategy("random", seed=1).choose(game.view(player)))
        if game.state.shows and game.state.phase.value == "show":
            break
    shows = game.state.shows
    assert len(shows) == 3
    record = GameRecord.of(game)
    full = game_history(record)
    first_only = game_history(record, shown=1)
    pone = shows[0].player
    row = first_only.sheet[-1]
    assert row.hand[pone] == shows[0].breakdown.total
    assert row.hand[1 - pone] is None and row.crib is None
    assert full.sheet[-1].crib == shows[2].breakdown.total
    before_show = [e for e in game.events if e.context in (ScoreContext.PLAY, ScoreContext.HEELS)]
    dealer = 1 - pone
    dealer_before = max([e.score for e in before_show if e.player == dealer], default=0)
    assert row.totals[dealer] == dealer_before
    assert [line.kind for line in first_only.talk].count("show") == 1
    assert [line.kind for line in full.talk].count("show") == 3


def test_history_holds_only_what_the_person_has_seen() -> None:
    record = GameRecord.of(finished_game(23))
    for n in range(1, len(record.actions) + 1):
        partial = GameRecord(record.rules, record.seed, record.actions[:n])
        if partial.final_state().is_chance:
            continue  # chance acts at once: the table never stops here
        told: set[Card] = set()
        hand = partial.final_state().hand_number
        for line in game_history(partial).talk:
            if line.kind == "cut" or line.hand != hand:
                continue  # cards of the cut and of earlier deals went back into the pack
            told.update(line.cards)
            told.update(line.event.item.cards if line.event else ())
            told.update(line.show.cards if line.show else ())
        leaked = told & hidden_cards(partial.final_state())
        assert not leaked, (n, record.actions[n - 1], leaked)


def test_the_api_history_never_shows_a_hidden_card(client: Any, app: Any) -> None:
    response = client.post("/api/games", json={"level": "greedy", "seed": 41})
    game_id, view = response.json()["id"], response.json()["view"]
    checked = 0
    while view["phase"] != "game_over" and checked < 80:
        history = client.get(f"/api/games/{game_id}/history").json()
        text = history_text(history, view["hand_number"])
        hidden = hidden_cards(stored_state(app, game_id))
        assert not [card for card in hidden if card.unicode in re.split(r"[\s,:“”]+", text)]
        assert history["version"] == view["version"]
        if history["sheet"]:
            assert history["sheet"][-1]["totals"] == view["scores"]
        checked += 1
        action = view["legal_actions"][0]
        view = client.post(
            f"/api/games/{game_id}/actions", json={"action": action, "version": view["version"]}
        ).json()
    assert checked >= 40


def test_the_history_talks_as_the_table_does_in_both_languages(client: Any) -> None:
    created = client.post("/api/games", json={"level": "random", "seed": 3}).json()
    game_id, view = created["id"], created["view"]
    while view["phase"] == "cut_for_deal":  # the person cuts for the deal first
        body = {"action": view["legal_actions"][0], "version": view["version"]}
        view = client.post(f"/api/games/{game_id}/actions", json=body).json()
    english = client.get(f"/api/games/{game_id}/history", headers=EN).json()
    kinds = [line["kind"] for line in english["talk"]]
    assert kinds[0] == "cut" and "deal" in kinds
    assert english["talk"][0]["text"].startswith("Cut for deal: you ")
    deal = next(line for line in english["talk"] if line["kind"] == "deal")
    assert deal["text"] in ("Hand 1: You deal.", "Hand 1: The computer deals.")
    assert deal["class"] == f"deal lane-{deal['player']}"
    chinese = client.get(f"/api/games/{game_id}/history", headers=ZH).json()
    assert chinese["talk"][0]["text"].startswith("切牌定庄：你 ")
    assert chinese["sheet"] == english["sheet"]
    assert english["sheet"][0]["hand"] == [None, None]


def test_someone_elses_history_and_record_are_not_found(client: Any, other_client: Any) -> None:
    game_id = client.post("/api/games", json={"level": "random", "seed": 3}).json()["id"]
    for path in (f"/api/games/{game_id}/history", f"/api/games/{game_id}/record"):
        response = other_client.get(path)
        assert response.status_code == 404
        assert response.json()["code"] == "game_not_found"
    assert client.get("/api/games/nope/record").status_code == 404


# ------------------------------------------------------------------ the record out


def test_an_unfinished_game_offers_no_record(client: Any, app: Any) -> None:
    game_id = client.post("/api/games", json={"level": "random", "seed": 9}).json()["id"]
    response = client.get(f"/api/games/{game_id}/record")
    assert response.status_code == 409
    assert response.json()["code"] == "record_game_unfinished"
    assert "deal " not in response.text and "seed" not in response.text
    chinese = client.get(f"/api/games/{game_id}/record", headers=ZH)
    assert chinese.json()["detail"] == "牌局还没结束：现在的记录会暴露还没亮出的牌"


@pytest.mark.postgres_too
def test_a_finished_game_downloads_its_record(client: Any, app: Any) -> None:
    game_id, _ = play_out(client, app, level="random", seed=12, rng_seed=2, check=False)
    response = client.get(f"/api/games/{game_id}/record")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    disposition = response.headers["content-disposition"]
    assert disposition == f'attachment; filename="cribkit-game-{game_id}.txt"'
    assert GameRecord.parse(response.text) == stored_record(app, game_id)
    stats = client.get("/stats").text
    assert f'href="/api/games/{game_id}/record"' in stats
    replay = client.get(f"/games/{game_id}/replay").text
    assert f'href="/api/games/{game_id}/record"' in replay


def test_a_downloaded_record_replays_on_the_command_line(
    client: Any, app: Any, tmp_path: Path
) -> None:
    game_id, _ = play_out(client, app, level="random", seed=12, rng_seed=2, check=False)
    saved = tmp_path / "downloaded.txt"
    saved.write_text(client.get(f"/api/games/{game_id}/record").text, encoding="utf-8")
    result = CliRunner().invoke(cli_app, ["replay", str(saved), "--json"])
    assert result.exit_code == 0, result.output
    told = json.loads(result.stdout)
    outcome = stored_state(app, game_id).outcome
    assert outcome is not None and told["outcome"] == outcome.to_dict()
    uploaded = client.post("/replay", files={"record": ("game.txt", saved.read_bytes())})
    assert uploaded.status_code == 200
    assert 'id="replay-record"' in uploaded.text and "Step 1 of " in uploaded.text


# ------------------------------------------------------------------ the replay page


def page_number(html: str, pattern: str) -> int:
    found = re.search(pattern, html)
    assert found is not None, pattern
    return int(found.group(1))


def test_the_replay_pegs_once_per_score_with_the_gap_the_last_score(client: Any, app: Any) -> None:
    game_id, _ = play_out(client, app, level="random", seed=8, rng_seed=5, check=False)
    frames = list(moments(stored_record(app, game_id).replay()))
    fronts = [0, 0]
    shows = 0
    for index, frame in enumerate(frames):
        if frame.state.hand_number > 4:
            break  # four deals show every kind of score; the rest would only take time
        if not frame.events:
            continue
        html = client.get(f"/games/{game_id}/replay?step={index}").text
        assert f"Step {index + 1} of {len(frames)}" in html
        shows += frame.said.kind.startswith("show")
        for player in (HUMAN, COMPUTER):
            mine = [e for e in frame.events if e.player == player]
            front = page_number(html, rf'id="score-{player}">(\d+)<')
            if mine:
                gained = min(fronts[player] + sum(e.points for e in mine), 121) - fronts[player]
                assert page_number(html, rf'id="gain-{player}">\(\+(\d+)\)') == gained
                back = page_number(html, rf'id="peg-{player}-back"[^>]*data-score="(\d+)"')
                assert back == fronts[player] and front == fronts[player] + gained
            fronts[player] = front
    assert shows >= 6  # the show is counted one hand, one crib at a time


def test_replay_moments_peg_as_the_engine_does_one_leap_per_score() -> None:
    record = GameRecord.of(finished_game(19))
    frames = list(moments(record.replay()))
    counts = 0
    for frame in frames:
        for player in (HUMAN, COMPUTER):
            mine = [e for e in frame.events if e.player == player]
            if mine:
                assert len({e.from_score for e in mine}) == 1  # one score, one move
                assert frame.pegs[player] == Pegs(mine[-1].score, mine[-1].from_score)
        if frame.said.kind.startswith("show_"):
            counts += 1
            assert frame.shows[-1].player == frame.said.player
    assert frames[-1].pegs == record.final_state().pegs
    assert counts >= 3 * (record.final_state().hand_number - 1)


def test_the_replay_says_you_play_not_you_plays(client: Any, app: Any) -> None:
    game_id, _ = play_out(client, app, level="random", seed=8, rng_seed=5, check=False)
    frames = list(moments(stored_record(app, game_id).replay()))
    plays = [i for i, f in enumerate(frames) if f.said.kind == "play"]
    mine = next(i for i in plays if frames[i].said.player == HUMAN)
    theirs = next(i for i in plays if frames[i].said.player == COMPUTER)
    said = client.get(f"/games/{game_id}/replay?step={mine}").text
    assert "You play " in said and "plays" not in said.split('id="said"')[1][:200]
    assert "The computer plays " in client.get(f"/games/{game_id}/replay?step={theirs}").text
    zh = client.get(f"/games/{game_id}/replay?step={mine}", headers=ZH).text
    assert "你打出 " in zh
    nav = said.split('class="replay-nav"')[1].split("</nav>")[0]
    assert "⏮" not in nav and "⏭" not in nav and nav.count('<svg class="icon"') >= 3


# ------------------------------------------------------------------ the record in


def upload(client: Any, text: str | bytes, headers: dict[str, str] | None = None) -> Any:
    data = text.encode() if isinstance(text, str) else text
    files = {"record": ("game.txt", data, "text/plain")}
    return client.post("/replay", files=files, headers=headers or EN)


def test_an_uploaded_record_replays_and_steps_without_storing_anything(client: Any) -> None:
    text = GameRecord.of(finished_game(4)).to_text()
    assert client.get("/replay").status_code == 200
    first = upload(client, text)
    assert first.status_code == 200
    assert "Step 1 of " in first.text and "of the spread." in first.text
    assert 'form="replay-record"' in first.text
    second = client.post("/replay", data={"text": text, "step": "5"})
    assert "Step 6 of " in second.text
    pasted = client.post("/replay", data={"text": text, "step": "99999999"})
    total = re.search(r"Step (\d+) of (\d+)", pasted.text)
    assert total is not None and total.group(1) == total.group(2)
    assert "本局计分表" in upload(client, text, ZH).text


def test_an_uploaded_record_names_the_seats_not_you_and_the_computer(client: Any) -> None:
    """A record names no players: its replay reads as a spectator's, "Seat 1" / "Seat 2"."""
    text = GameRecord.of(finished_game(4)).to_text()
    for step in ("0", "40", "99999999"):
        page = client.post("/replay", data={"text": text, "step": step}, headers=EN).text
        assert "Seat 1" in page and "Seat 2" in page
        shown = re.sub(r"<[^>]+>", " ", page)
        assert not re.search(r"\bcomputer\b", shown, re.IGNORECASE)
        assert not re.search(r"\bYou\b", shown)
    chinese = client.post("/replay", data={"text": text, "step": "40"}, headers=ZH).text
    assert "1 号座位" in chinese and "电脑" not in chinese


@pytest.mark.parametrize(
    ("edit", "english", "chinese"),
    [
        (lambda lines, i: lines[i].replace("play", "plya"), "cannot be read", "行无法读取"),
        (lambda lines, i: lines[i][:-2] + "ZZ", "cannot be read", "行无法读取"),
    ],
)
def test_a_damaged_record_is_refused_naming_its_line(
    client: Any, edit: Any, english: str, chinese: str
) -> None:
    lines = GameRecord.of(finished_game(4)).to_text().splitlines()
    at = next(i for i, line in enumerate(lines) if " play " in line)
    lines[at] = edit(lines, at)
    bad = "\n".join(lines)
    response = upload(client, bad)
    assert response.status_code == 422
    message = re.search(r'id="record-error"[^>]*>([^<]+)<', response.text)
    assert message is not None
    assert message.group(1).startswith(f"Line {at + 1} of the record")
    assert english in message.group(1)
    zh = upload(client, bad, ZH)
    said = re.search(r'id="record-error"[^>]*>([^<]+)<', zh.text)
    assert said is not None and said.group(1).startswith(f"记录第 {at + 1} {chinese}")


@pytest.mark.parametrize("what", ["starter", "seed", "deal"])
def test_a_record_whose_cards_do_not_follow_from_its_seed_is_refused(
    client: Any, what: str
) -> None:
    lines = GameRecord.of(finished_game(4)).to_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(what + " "))
    if what == "seed":
        lines[at] = f"seed {int(lines[at].split()[1]) + 1}"
        wrong = next(i for i, line in enumerate(lines) if line.startswith("cut "))
    else:
        words = lines[at].split()
        spare = next(c for c in ("AS", "2S", "3S", "4S", "5S", "6S") if c not in lines[at])
        words[1] = spare  # the first card named on the line: another card, still legal
        lines[at], wrong = " ".join(words), at
    for headers, said in ((EN, "Line"), (ZH, "记录第")):
        response = upload(client, "\n".join(lines), headers)
        assert response.status_code == 422
        message = re.search(r'id="record-error"[^>]*>([^<]+)<', response.text)
        assert message is not None, response.text
        assert message.group(1).startswith(f"{said} {wrong + 1} "), message.group(1)
        assert ("seed" in message.group(1)) or ("种子" in message.group(1))


def test_a_card_changed_to_one_not_held_is_refused_in_chinese_words(client: Any) -> None:
    game = finished_game(4)
    lines = GameRecord.of(game).to_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("p1 play "))
    held = {line.split()[-1] for line in lines if line.startswith("p1 play ")}
    stranger = next(c for c in ("AS", "2S", "3S", "4S", "5S", "6S", "7S") if c not in held)
    lines[at] = f"p1 play {stranger}"
    response = upload(client, "\n".join(lines), ZH)
    assert response.status_code == 422
    said = re.search(r'id="record-error"[^>]*>([^<]+)<', response.text)
    assert said is not None and said.group(1).startswith(f"记录第 {at + 1} 行有误：")


@pytest.mark.parametrize(
    ("body", "english", "chinese"),
    [
        (b"", "Choose a record file", "请先选择记录文件"),
        (b"\xff\xfe\x00garbage", "That file is not text", "这不是文本文件"),
        (b"x" * (300 * 1024), "too large", "文件太大"),
        (b"# cribkit game record 2\nhello\n", "Line 2 of the record", "记录第 2 行"),
        (b"# cribkit game record 2\n", "That is not a cribkit game record", "这不是 cribkit"),
        (b"# cribkit game record 1\nseed 4\n", "older format", "旧格式"),
    ],
)
def test_what_is_not_a_record_gets_a_clear_message(
    client: Any, body: bytes, english: str, chinese: str
) -> None:
    for headers, words in ((EN, english), (ZH, chinese)):
        response = upload(client, body, headers)
        assert response.status_code == 422
        assert words in response.text
