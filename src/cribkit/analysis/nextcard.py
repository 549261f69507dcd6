"""The expert's own next card, chosen from what it will see, not from the deal it samples.

The play search (``analysis.pegging``) values each card by solving each deal of the
opponent's cards face up, and averages. In every deal the expert's *later* cards are then
chosen knowing that deal's opponent hand, which it will not know: a card that leaves it a
guess at its next turn looks as good as one that does not (the search's "strategy
fusion"). This values each card with the expert's next card chosen as it must be: after
the opponent's answer (the card they play, or their go), one card for every deal that
shows the same answer, the one best over those deals together; the opponent answers, and
the rest is played, face up as before. The value can only fall (a single card for many
deals is worth at most each deal's own best), and falls most for the cards that leave a
guess.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from cribkit.analysis.pegsolver import Node, Root, expand, mover_value

__all__ = ["committed_nets"]

Answer = int
"""What the expert sees of the opponent's answer: the rank they played, or ``GO``."""

GO: Answer = 0
"""The opponent could not play: the expert plays again."""


def committed_nets(roots: Sequence[Root], ranks: set[int] | None) -> dict[int, float]:
    """Each rank's expected net points (only ``ranks``, when given), the expert's next
    card chosen once for all the deals whose answer it cannot tell apart."""
    settled: defaultdict[int, float] = defaultdict(float)
    # rank played now -> answer seen -> next rank -> weighted net over those deals
    open_choices: defaultdict[int, defaultdict[Answer, defaultdict[int, float]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(float))
    )
    for root, weight in roots:
        for rank, points, after, swap in expand(root, None):
            if ranks is not None and rank not in ranks:
                continue
            if after is None:
                settled[rank] += weight * points
                continue
            answered = _answered(after, swap)
            if answered is None:
                settled[rank] += weight * mover_value((rank, points, after, swap))
                continue
            answer, before_next, node = answered
            choices = open_choices[rank][answer]
            for next_move in expand(node, None):
                choices[next_move[0]] += weight * (points + before_next + mover_value(next_move))
    nets: dict[int, float] = dict(settled)
    for rank, answers in open_choices.items():
        nets[rank] = nets.get(rank, 0.0) + sum(
            max(by_card.values()) for by_card in answers.values()
        )
    return nets


def _answered(after: Node, swap: bool) -> tuple[Answer, float, Node] | None:
    """The expert's next decision after its card: (the answer it sees, the net points
    on the way there from its side, the position it chooses from), or None when it has no
    choice to make before the opponent's second card (the play ends, or the opponent
    plays on while it cannot)."""
    if not swap:
        return GO, 0.0, after  # the opponent could not play: the expert plays again
    replies = expand(after, None)
    best = max(replies, key=mover_value)  # the opponent answers face up, as before
    answer_rank, answer_points, next_node, expert_next = best
    if next_node is None or not expert_next:
        return None
    return answer_rank, -float(answer_points), next_node
