"""The words the table script needs at a game between two people (names, presence, invite)."""

from __future__ import annotations

import gettext

from cribkit.web.site.i18n import N_

__all__ = ["FRIEND_STRINGS", "friend_script_strings"]

FRIEND_STRINGS: dict[str, str] = {
    "friend": N_("Your friend"),
    "seat_name": N_("Seat {n}"),
    "they_deal": N_("{name} deals."),
    "they_deal_mark": N_("{name} deals"),
    "their_crib": N_("{name}'s crib"),
    "their_hand": N_("{name}'s hand"),
    "choose_two_named": N_("Choose two cards for {name}'s crib."),
    "their_turn": N_("Waiting for {name}…"),
    "they_win": N_("{name} wins, {computer} to {you}."),
    "seat_wins": N_("{name} wins, {you} to {computer}."),
    "skunk_named": N_("Skunk! {name} finished under 91."),
    "double_named": N_("Double skunk! {name} finished under 61."),
    "board_named": N_("{first} {you}, {second} {computer}"),
    "cut_named": N_("Cut for deal: {first} {you}, {second} {computer}."),
    "waiting_friend": N_("Waiting for your friend: share the link, the code or the QR code."),
    "friend_here": N_("{name} is at the table."),
    "friend_away": N_("{name} is away; the game waits."),
    "friend_left": N_("{name} has left the table."),
    "friend_unknown": N_("Your connection dropped: whether {name} is still here is not known."),
    "friend_reading": N_("{name} is still reading the show; the next deal comes when both have."),
    "move_on_named": N_("Move on without waiting for {name}"),
    "stale_named": N_("{name} moved first; this is the table now."),
    "friend_seated": N_("{name} sat down."),
    "copy_link": N_("Copy link"),
    "copied": N_("Copied."),
    "computer_sits": N_("Let the computer play instead"),
    "rematch": N_("Rematch"),
    "rematch_ready": N_("Your friend wants a rematch: the next game is ready."),
    "rematch_rule": N_(
        "A rematch cuts for the deal again: under the ACC rules every game begins with a cut."
    ),
    "watching": N_("You are watching: hands stay hidden until they are shown."),
    "live_down": N_("Live updates paused; checking the table every few seconds."),
    "chat_colon": N_(": "),
    "chat_mute": N_("Mute {name}"),
    "chat_unmute": N_("Unmute {name}"),
    "chat_muted_note": N_("You have muted {name}: nothing they write reaches you."),
}


def friend_script_strings(tr: gettext.NullTranslations) -> dict[str, str]:
    return {key: tr.gettext(text) for key, text in FRIEND_STRINGS.items()}
