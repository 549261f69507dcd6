"""The table's own words: every string its page and its retold talk say, for translation.

The page receives them translated (``routes_table``), and the history retells a game's talk
with the same sentences (``history``), so both read them from here.
"""

from __future__ import annotations

from cribkit.web.site.i18n import N_

__all__ = ["SCRIPT_STRINGS"]

SCRIPT_STRINGS: dict[str, str] = {
    "you": N_("You"),
    "computer": N_("Computer"),
    "your_crib": N_("Your crib"),
    "computer_crib": N_("Computer's crib"),
    "your_hand": N_("Your hand"),
    "computer_hand": N_("Computer's hand"),
    "crib": N_("Crib"),
    "you_deal": N_("You deal."),
    "computer_deals": N_("The computer deals."),
    "you_deal_mark": N_("you deal"),
    "computer_deals_mark": N_("computer deals"),
    "cut_line": N_("Cut for deal: you {you}, the computer {computer}."),
    "cut_again": N_("Same rank: cut again."),
    "cut_at": N_("Cut at card {n}"),
    "cut_spread": N_("Cut for deal: pick a card from the spread (click, or ← → and Enter)."),
    "cut_pack": N_("You cut the pack for the starter: choose where (click, or ← → and Enter)."),
    "hand_no": N_("Hand {n}"),
    "hand_line": N_("{hand}: {dealer}"),
    "board_title": N_("You {you}, Computer {computer}"),
    "show_line": N_("{whose}: “{call}” = {total}"),
    "skunk_alt": N_("a skunk"),
    "choose_two_yours": N_("Choose two cards for your crib."),
    "choose_two_theirs": N_("Choose two cards for the computer's crib."),
    "lay_away": N_("Lay away to the crib"),
    "your_turn": N_("Your turn: play a card."),
    "your_go": N_("No card fits under 31: say go."),
    "computer_turn": N_("The computer is thinking…"),
    "go": N_("Go"),
    "said_go": N_("{who}: go"),
    "played": N_("{who}: {card}, count {count}"),
    "starter_line": N_("Starter: {card}"),
    "scored": N_("{who}: {label} +{points}"),
    "count": N_("Count"),
    "starter": N_("Starter"),
    "the_show": N_("The show: {whose} ({n} of {total})"),
    "next_count": N_("Next count"),
    "next_deal": N_("Next deal"),
    "show_total": N_("{whose}: {total}"),
    "nothing": N_("Nothing scores: the hand is worth 0."),
    "you_win": N_("You win, {you} to {computer}!"),
    "computer_wins": N_("The computer wins, {computer} to {you}."),
    "skunk_given": N_("Skunk! The computer finished under 91."),
    "skunk_taken": N_("Skunked: you finished under 91."),
    "double_given": N_("Double skunk! The computer finished under 61."),
    "double_taken": N_("Double skunked: you finished under 61."),
    "hint": N_("Hint"),
    "hint_none": N_("The advisor has nothing to say here."),
    "resumed": N_("Welcome back: the game goes on where you left it."),
    "stale": N_("The table changed in another tab; this is the current position."),
    "network": N_("The server did not answer; try again."),
    "points": N_("Points"),
    "item": N_("Item"),
    "cards": N_("Cards"),
    "talk": N_("Table talk"),
    "total": N_("Total"),
    "cards_left": N_("{n} cards"),
    "replay": N_("Replay this game"),
}
