"""``cribkit play``: whole games driven by scripted keyboard input, read from the transcript."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_support import assert_bad_input, invoke, json_out
from rich.console import Console

from cribkit.actions import Cut, CutForDeal, Discard, Go, Play, TurnStarter
from cribkit.analysis.hints import hint
from cribkit.cards import Card, Rank
from cribkit.cli.output import move_text, score_moves
from cribkit.cli.pegboard import pegboard
from cribkit.cli.play_cmd import COMPUTER, HUMAN, TerminalGame, _name
from cribkit.events import Pegs, ScoreContext, ScoreEvent
from cribkit.game import Game
from cribkit.players import default_cut, make_strategy
from cribkit.record import GameRecord
from cribkit.scoring import MAX_COUNT
from cribkit.state import Phase
from cribkit.view import PlayerView


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120, color_system=None, force_terminal=False), out


CUT_PHASES = (Phase.CUT_FOR_DEAL, Phase.STARTER)


def _first_legal(session: TerminalGame) -> str:
    """What a person types for the first legal action of their view."""
    action = session.game.view(HUMAN).legal_actions[0]
    if isinstance(action, Discard):
        return " ".join(str(card).lower() for card in action.cards)
    if isinstance(action, Play):
        return str(action.card).lower()
    if isinstance(action, Go):
        return "go"
    return ""


def _hidden_cards(session: TerminalGame) -> set[Card]:
    """The computer's cards nobody may see yet: its unplayed hand and its discards."""
    state = session.game.state
    if state.phase is Phase.DISCARD:
        return set(state.dealt[COMPUTER])
    return set(state.held[COMPUTER]) | set(state.discards[COMPUTER])


class Scripted:
    """A player at the keyboard: some mistakes and hints first, then the first legal move.

    At every prompt before the show it checks that nothing printed since the hand began
    names a card the computer still hides.
    """

    def __init__(self, out: io.StringIO) -> None:
        self.out = out
        self.session: TerminalGame | None = None
        self.prompts = 0
        self.hidden_checks = 0
        self.mistakes: dict[str, Callable[[TerminalGame], str | None]] = {
            "discard-one": lambda s: _in_phase(s, Phase.DISCARD, _first_legal(s).split()[0]),
            "unknown": lambda s: "zz",
            "not-held": lambda s: _not_held(s),
            "past-31": lambda s: _past_31(s),
            "false-go": lambda s: _false_go(s),
            "hint-discard": lambda s: _in_phase(s, Phase.DISCARD, "hint"),
            "hint-play": lambda s: _in_phase(s, Phase.PLAY, "hint"),
            "help": lambda s: "help",
        }
        self.made: list[str] = []
        self.hints: list[str] = []

    def __call__(self, prompt: str) -> str:
        session = self.session
        assert session is not None
        self.prompts += 1
        if session.game.is_over or session.game.state.phase in CUT_PHASES:
            self.out.write(f"{prompt}\n")  # Enter: the suggested cut, or no record saved
            return ""
        if session.game.state.phase in (Phase.DISCARD, Phase.PLAY):
            self._check_nothing_hidden_shown(session)
        for name, make in list(self.mistakes.items()):
            line = make(session)
            if line is not None:
                del self.mistakes[name]
                self.made.append(name)
                if line == "hint":
                    self.hints.append(hint(session.game.view(HUMAN)).explanation)
                self.out.write(f"{prompt}{line}\n")
                return line
        line = _first_legal(session)
        self.out.write(f"{prompt}{line}\n")
        return line

    def _check_nothing_hidden_shown(self, session: TerminalGame) -> None:
        text = self.out.getvalue()
        this_hand = text[text.rindex(f"Hand {session.game.state.hand_number}:") :]
        this_hand = this_hand.replace("like 5H or 10♥", "")  # the notation help's example
        for card in _hidden_cards(session):
            assert card.unicode not in this_hand, f"{card} shown before the show"
        self.hidden_checks += 1


def _in_phase(session: TerminalGame, phase: Phase, line: str) -> str | None:
    return line if session.game.state.phase is phase else None


def _not_held(session: TerminalGame) -> str | None:
    view = session.game.view(HUMAN)
    if view.phase is not Phase.PLAY:
        return None
    # a card the person cannot hold and everyone has seen: the starter
    assert view.starter is not None and view.starter not in view.hand
    return str(view.starter)


def _past_31(session: TerminalGame) -> str | None:
    view = session.game.view(HUMAN)
    if view.phase is not Phase.PLAY or view.to_play != HUMAN:
        return None
    too_big = [c for c in view.hand if view.count + c.pips > MAX_COUNT]
    return str(too_big[0]) if too_big else None


def _false_go(session: TerminalGame) -> str | None:
    view = session.game.view(HUMAN)
    if view.phase is Phase.PLAY and any(isinstance(a, Play) for a in view.legal_actions):
        return "go"
    return None


def _all_cards() -> list[Card]:
    from cribkit.cards import DECK

    return list(DECK)


def _play(level: str, seed: int) -> tuple[TerminalGame, Scripted, str]:
    console, out = _console()
    script = Scripted(out)
    session = TerminalGame(
        computer=make_strategy(level, seed=seed), seed=seed, console=console, read=script
    )
    script.session = session
    outcome = session.run()
    assert outcome is not None
    return session, script, out.getvalue()


@pytest.mark.parametrize(
    ("strategy", "seed"),
    [
        ("random", 1),
        ("greedy", 2),
        ("greedy", 9),
        pytest.param("expert", 5, marks=pytest.mark.heavy),
    ],
)
def test_a_whole_game_by_keyboard(strategy: str, seed: int) -> None:
    session, script, text = _play(strategy, seed)
    state = session.game.state
    outcome = state.outcome
    assert outcome is not None
    # Every scripted mistake was made, answered, and the game went on.
    assert sorted(script.made) == sorted(
        [
            "discard-one",
            "unknown",
            "not-held",
            "past-31",
            "false-go",
            "hint-discard",
            "hint-play",
            "help",
        ]
    )
    assert "lay away exactly two cards" in text
    assert "'zz' is not a card" in text
    assert "you do not hold" in text
    assert f"past {MAX_COUNT}" in text
    assert "no go: you can play" in text
    assert len(script.hints) == 2
    flat = " ".join(text.split())
    for explanation in script.hints:
        assert " ".join(explanation.split()) in flat
    assert script.hidden_checks > 10
    # Every point pegged in the play was announced, in table talk.
    for event in session.game.events:
        if event.context in (ScoreContext.PLAY, ScoreContext.HEELS):
            assert event.item.call in text
    _assert_one_line_per_peg_move(session, text)
    assert "“go”" in text or not any(e.card is None for e in state.play_log)
    # Each hand reached the show, which names each hand and crib with its count.
    assert text.count("The show") >= state.hand_number - 1
    last_hand = text[text.rindex(f"Hand {state.hand_number}:") :]
    for show in state.shows:
        assert show.breakdown.call in last_hand or show.breakdown.total == 0
        assert " ".join(card.unicode for card in show.cards) in last_hand
    winner = "You win" if outcome.winner == HUMAN else "The computer wins"
    assert f"{winner}, {max(outcome.scores)} to {min(outcome.scores)}" in text
    if outcome.skunk.value != "none":
        assert "skunked" in text


def test_the_computer_hand_is_revealed_at_the_show() -> None:
    session, _, text = _play("greedy", 4)
    computer_shows = [s for s in session.game.state.shows if s.player == COMPUTER]
    for show in computer_shows:
        title = f"Computer's {show.context.value}: " + " ".join(c.unicode for c in show.cards)
        assert title in text


def test_quit_and_end_of_input_stop_the_game() -> None:
    for reply in ("quit", None):
        console, out = _console()

        def read(prompt: str, reply: str | None = reply) -> str:
            if reply is None:
                raise EOFError
            return reply

        session = TerminalGame(
            computer=make_strategy("random", seed=1), seed=3, console=console, read=read
        )
        assert session.run() is None
        assert "You leave the table" in out.getvalue()
        assert not session.game.is_over


def test_pegboard_marks_front_and_back_pegs() -> None:
    board = pegboard([Pegs(34, 28), Pegs(0, 0)]).plain.splitlines()
    you, computer = board[1], board[2]
    assert max(len(line) for line in board) <= 80
    track = you[9 : 9 + 61]
    assert track.index("●") == 17 and track.index("○") == 14
    assert you.rstrip().endswith("34 (+6)")
    assert computer[9] == "●" and "○" not in computer


def test_cli_plays_from_stdin() -> None:
    result = invoke(["play", "--level", "easy", "--seed", "3"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Cut for deal" in result.stdout
    assert "You leave the table" in result.stdout


def test_cli_refuses_an_unknown_level() -> None:
    assert_bad_input(
        invoke(["play", "--level", "impossible"]),
        "unknown level 'impossible'",
        "beginner, novice, casual, club, strong, expert, easy (beginner), medium (casual) "
        "or hard (expert)",
    )


# ---------------------------------------------------------------- bare ranks


def _rank_word(card: Card) -> str:
    """A card's rank as a person types it alone: 7, k, 10, and 1 for an ace."""
    return "1" if card.rank == 1 else card.rank.display.lower()


class BareRanks:
    """Types each move as bare ranks when the rank is held once, the full card otherwise."""

    def __init__(self, out: io.StringIO) -> None:
        self.out = out
        self.session: TerminalGame | None = None
        self.bare = 0

    def __call__(self, prompt: str) -> str:
        assert self.session is not None
        if self.session.game.is_over:  # the offer to save the record: skip it
            return ""
        view = self.session.game.view(HUMAN)
        action = view.legal_actions[0]
        cards = action.cards if isinstance(action, Discard) else ()
        if isinstance(action, Play):
            cards = (action.card,)
        words = []
        for card in cards:
            if sum(held.rank == card.rank for held in view.hand) == 1:
                words.append(_rank_word(card))
                self.bare += 1
            else:
                words.append(str(card).lower())
        line = "go" if isinstance(action, Go) else " ".join(words)
        self.out.write(f"{prompt}{line}\n")
        return line


def test_a_whole_game_typed_with_bare_ranks() -> None:
    console, out = _console()
    script = BareRanks(out)
    session = TerminalGame(
        computer=make_strategy("greedy", seed=2), seed=2, console=console, read=script
    )
    script.session = session
    assert session.run() is not None
    assert script.bare > 20
    assert "say which" not in out.getvalue()
    assert "is not a card" not in out.getvalue()


def _discard_view(pair: bool) -> tuple[PlayerView, list[Rank]]:
    """A seat-0 discard view whose six cards hold a pair (or no pair) of ranks."""
    from cribkit.game import Game

    for seed in range(200):
        game = Game(seed=seed)
        while game.state.phase is Phase.CUT_FOR_DEAL:
            game.apply(game.state.legal_actions()[0])
        view = game.view(HUMAN)
        ranks = [card.rank for card in view.hand]
        if (len(set(ranks)) < 6) == pair:
            return view, ranks
    raise AssertionError("no such deal in 200 seeds")


def test_a_bare_rank_held_twice_asks_which() -> None:
    from cribkit.cli.play_cmd import BadInput

    view, ranks = _discard_view(pair=True)
    twice = next(rank for rank in ranks if ranks.count(rank) > 1)
    single = next((rank for rank in ranks if ranks.count(rank) == 1), None)
    line = f"{_rank_word(Card(twice, view.hand[0].suit))} " + (
        _rank_word(next(c for c in view.hand if c.rank == single)) if single else "zz"
    )
    with pytest.raises(BadInput, match="say which, like"):
        TerminalGame._read_discard(view, line)


def test_bare_ranks_lay_away_and_a_missing_rank_is_named() -> None:
    from cribkit.cli.play_cmd import BadInput

    view, ranks = _discard_view(pair=False)
    first, second = view.hand[0], view.hand[-1]
    action = TerminalGame._read_discard(view, f"{_rank_word(first)}, {_rank_word(second)}")
    assert action == Discard(HUMAN, (first, second))
    missing = next(rank for rank in Rank if rank not in ranks)
    word = _rank_word(Card(missing, first.suit))
    with pytest.raises(BadInput, match="you hold no"):
        TerminalGame._read_discard(view, f"{word} {_rank_word(first)}")
    with pytest.raises(BadInput, match="named twice"):
        TerminalGame._read_discard(view, f"{_rank_word(first)} {first}")


def test_q_is_the_queen_not_quit() -> None:
    replies = iter(["q", "quit"])
    console, out = _console()
    session = TerminalGame(
        computer=make_strategy("random", seed=1),
        seed=3,
        console=console,
        read=lambda prompt: "" if prompt.startswith("Cut") else next(replies),
    )
    assert session.run() is None
    text = out.getvalue()
    assert text.count("You leave the table") == 1
    assert "you hold no Q" in text or "lay away exactly two cards" in text


# ---------------------------------------------------------------- saving the record


class FirstLegal:
    """Plays the first legal move at every prompt, then answers the end's questions."""

    def __init__(self, session_box: list[TerminalGame], answers: list[str]) -> None:
        self.box = session_box
        self.answers = answers
        self.end_prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        session = self.box[0]
        if session.game.is_over:
            self.end_prompts.append(prompt)
            if not self.answers:
                raise EOFError
            return self.answers.pop(0)
        return _first_legal(session)


def _game_with(
    *, save: Path | None = None, answers: list[str] | None = None
) -> tuple[TerminalGame, FirstLegal, str]:
    console, out = _console()
    box: list[TerminalGame] = []
    reader = FirstLegal(box, list(answers or []))
    session = TerminalGame(
        computer=make_strategy("greedy", seed=8),
        seed=8,
        console=console,
        read=reader,
        save=save,
        notes=["cribkit play: p0 is you, p1 the computer (casual)"],
    )
    box.append(session)
    assert session.run() is not None
    return session, reader, out.getvalue()


def test_save_writes_the_finished_game_and_replay_tells_it(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    session, reader, text = _game_with(save=path)
    assert reader.end_prompts == []  # nothing asked: --save said where
    assert f"Saved the game to {path}" in text
    saved = path.read_text(encoding="utf-8")
    assert "# cribkit play: p0 is you, p1 the computer (casual)" in saved
    record = GameRecord.parse(saved)
    assert record == GameRecord.of(session.game)
    replayed = invoke(["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert "cribkit play: p0 is you, p1 the computer (casual)" in replayed.stdout
    outcome = session.game.state.outcome
    assert outcome is not None
    assert f"p{outcome.winner} wins {max(outcome.scores)} to {min(outcome.scores)}" in (
        replayed.stdout
    )
    data = json_out(invoke(["replay", str(path), "--json"]))
    assert isinstance(data, dict)
    assert data["outcome"] == outcome.to_dict()
    assert data["notes"] == ["cribkit play: p0 is you, p1 the computer (casual)"]


def test_the_end_offers_to_save_and_asks_again_after_a_bad_name(tmp_path: Path) -> None:
    taken = tmp_path / "taken.txt"
    taken.write_text("mine\n", encoding="utf-8")
    wanted = tmp_path / "new.txt"
    session, reader, text = _game_with(
        answers=[str(taken), str(tmp_path / "no" / "such.txt"), str(wanted)]
    )
    assert len(reader.end_prompts) == 3
    assert reader.end_prompts[0].startswith("Save this game's record?")
    assert f"{taken} already exists" in text
    assert "does not exist" in text
    assert taken.read_text(encoding="utf-8") == "mine\n"  # never overwritten
    assert GameRecord.parse(wanted.read_text(encoding="utf-8")) == GameRecord.of(session.game)
    assert session.saved_to == wanted


@pytest.mark.parametrize("answers", [[""], ["no"], []])
def test_the_offer_can_be_declined(tmp_path: Path, answers: list[str]) -> None:
    session, reader, text = _game_with(answers=answers)
    assert len(reader.end_prompts) == 1
    assert session.saved_to is None
    assert "Saved the game" not in text


def test_a_save_that_fails_at_the_end_falls_back_to_the_offer(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    console, out = _console()
    box: list[TerminalGame] = []
    reader = FirstLegal(box, [str(tmp_path / "other.txt")])
    session = TerminalGame(
        computer=make_strategy("random", seed=2), seed=2, console=console, read=reader, save=path
    )
    box.append(session)
    path.write_text("made meanwhile\n", encoding="utf-8")
    assert session.run() is not None
    assert "already exists" in out.getvalue()
    assert path.read_text(encoding="utf-8") == "made meanwhile\n"
    assert session.saved_to == tmp_path / "other.txt"


def test_cli_save_refuses_an_existing_file_or_a_missing_folder(tmp_path: Path) -> None:
    taken = tmp_path / "taken.txt"
    taken.write_text("mine\n", encoding="utf-8")
    result = invoke(["play", "--seed", "1", "--save", str(taken)], input="quit\n")
    assert_bad_input(result, "already exists")
    assert "Cut for deal" not in result.stdout
    assert taken.read_text(encoding="utf-8") == "mine\n"
    assert_bad_input(
        invoke(["play", "--save", str(tmp_path / "none" / "g.txt")], input="quit\n"),
        "does not exist",
    )


def test_cli_quit_with_save_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    result = invoke(["play", "--seed", "1", "--save", str(path)], input="quit\n")
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())  # the line wraps where the temporary path ends
    assert "was not written (an unfinished record would show the computer's cards)" in said
    assert not path.exists()


# ---------------------------------------------------------------- one peg move per score


def _assert_one_line_per_peg_move(session: TerminalGame, text: str) -> None:
    """Each score of the play and each heels is one line with the whole move, and every
    board drawn after a show has each peg gap equal to that player's last score."""
    pegged = [
        e for e in session.game.events if e.context in (ScoreContext.PLAY, ScoreContext.HEELS)
    ]
    lines = [line.strip() for line in text.splitlines()]
    moved = [line for line in lines if line.endswith(")") and ", now " in line]
    moves = score_moves(pegged)
    assert len(moved) == len(moves)
    for line, move in zip(moved, moves, strict=True):
        assert line == f"{_name(move.player)} {move.call} (+{move.points}, now {move.score})"
    last = {HUMAN: 0, COMPUTER: 0}
    boards = [n for n, line in enumerate(lines) if line.startswith("0 ")]
    every = score_moves(session.game.events)
    assert boards, "the board was drawn"
    for n in boards[1:]:  # the first is the empty board before the first deal
        for seat, row in ((HUMAN, lines[n + 1]), (COMPUTER, lines[n + 2])):
            front = int(row.split()[-2]) if row.endswith(")") else int(row.split()[-1])
            gap = int(row.split("(+")[1].rstrip(")")) if row.endswith(")") else 0
            last[seat] = next(
                (m.points for m in reversed(every) if m.player == seat and m.score == front),
                0,
            )
            assert gap == last[seat], row


def test_score_moves_group_a_cards_items_and_its_go() -> None:
    from cribkit.scoring import ScoreItem, ScoreKind

    def event(player: int, points: int, score: int, start: int) -> ScoreEvent:
        item = ScoreItem(ScoreKind.PAIR, points, (), "a pair")
        return ScoreEvent(player, ScoreContext.PLAY, item, score, 1, start)

    events = [event(0, 2, 12, 10), event(0, 2, 14, 10), event(1, 2, 7, 5), event(0, 1, 15, 14)]
    moves = score_moves(events)
    assert [(m.player, m.from_score, m.score, m.points) for m in moves] == [
        (0, 10, 14, 4),
        (1, 5, 7, 2),
        (0, 14, 15, 1),
    ]
    assert moves[0].call == "a pair and a pair is four"
    assert str(move_text(moves[0], name="You")) == "You a pair and a pair is four (+4, now 14)"


# ---------------------------------------------------------------- the cuts


class Cutter:
    """Types the cuts given (numbers as people say them, mistakes included), then plays
    the first legal move; records every cut prompt."""

    def __init__(self, box: list[TerminalGame], cuts: list[str]) -> None:
        self.box = box
        self.cuts = cuts
        self.cut_prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        session = self.box[0]
        if session.game.is_over:
            raise EOFError
        if session.game.state.phase in CUT_PHASES:
            self.cut_prompts.append(prompt)
            return self.cuts.pop(0) if self.cuts else ""
        return _first_legal(session)


def _cut_game(seed: int, cuts: list[str]) -> tuple[TerminalGame, Cutter, str]:
    console, out = _console()
    box: list[TerminalGame] = []
    reader = Cutter(box, cuts)
    session = TerminalGame(
        computer=make_strategy("greedy", seed=seed), seed=seed, console=console, read=reader
    )
    box.append(session)
    assert session.run() is not None
    return session, reader, out.getvalue()


def _human_cuts(session: TerminalGame) -> list[Cut]:
    return [a for a in session.game.actions if isinstance(a, Cut) and a.player == HUMAN]


def test_the_person_picks_a_card_of_the_spread_and_both_cards_are_shown() -> None:
    session, reader, text = _cut_game(3, ["abc", "0", "53", "17"])
    assert "type a number from 1 to 52, or Enter" in text
    assert text.count("pick a card from 1 to 52") == 2
    assert reader.cut_prompts[0].startswith("Cut for deal: pick a card of the spread, 1 to 52")
    assert "▮" * 52 in text
    first = _human_cuts(session)[0]
    assert first.position == 16  # card 17 as people count is position 16 of the record
    cuts = [a for a in session.game.actions if isinstance(a, CutForDeal)]
    mine, theirs = cuts[0].cards
    assert f"You draw card 17: {mine.unicode}; the computer draws card " in text
    assert f"card {cuts[0].positions[1] + 1}: {theirs.unicode}" in text
    dealer = "You deal" if session.game.state.dealer == HUMAN else "The computer deals"
    assert f"{dealer} first (low card deals)." in text or len(cuts) > 1


def test_enter_takes_the_suggested_cut_shown_in_the_prompt() -> None:
    session, reader, _ = _cut_game(5, [])
    first = _human_cuts(session)[0]
    assert reader.cut_prompts[0].endswith(f"(Enter: {first.position + 1}): ")
    pack_prompts = [p for p in reader.cut_prompts if p.startswith("Cut the pack")]
    assert pack_prompts, "the person was pone at least once"
    assert all("4 to 36" in prompt for prompt in pack_prompts)


def test_the_pone_lifts_the_pack_and_the_dealer_turns_the_starter() -> None:
    seed = 3
    session, _, text = _cut_game(seed, ["17", "2", "37", "x", "12"])
    assert "lift between 4 and 36 cards, so each packet keeps at least 4" in text
    assert "type a number from 4 to 36, or Enter" in text
    starters = [a for a in session.game.actions if isinstance(a, TurnStarter)]
    pack_cuts = [a for a in session.game.actions if isinstance(a, Cut)][2:]  # after the deal
    mine = [cut for cut in pack_cuts if cut.player == HUMAN]
    assert mine and mine[0].position == 12
    lines = [line for line in text.splitlines() if "cards of the pack" in line]
    assert len(lines) == len(starters)
    for line, turn in zip(lines, starters, strict=True):
        assert line.endswith(f"the starter: {turn.card.unicode}")
        assert line.startswith(("You lift ", "The computer lifts "))
        assert f"lift{'s' if line.startswith('The') else ''} {turn.position} cards" in line
    assert "You lift 12 cards of the pack; the computer turns the starter" in text


def test_a_tied_cut_for_deal_cuts_again() -> None:
    # Enter takes default_cut, the cut the computer makes too: find a seed where it ties.
    for seed in range(300):
        game = Game(seed=seed)
        while game.state.phase is Phase.CUT_FOR_DEAL:
            seat = game.state.players_to_move()[0]
            game.apply(default_cut(game.view(seat)))
        if len(game.view(HUMAN).cut_for_deal) > 1:
            break
    else:
        pytest.skip("no tie in 300 seeds")
    session, _, text = _cut_game(seed, [])
    rounds = session.game.view(HUMAN).cut_for_deal
    assert rounds == game.view(HUMAN).cut_for_deal
    assert text.count("a tie, cut again.") == len(rounds) - 1
    assert text.count("The deck is spread face down:") == len(rounds)
