"""Numbers as table talk says them: "fifteen two", "twenty-nine", "thirty-one for two"."""

from __future__ import annotations

__all__ = ["number_word"]

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def number_word(n: int) -> str:
    """English words for 0 <= n < 1000 (scores and counts never go past 121)."""
    if not 0 <= n < 1000:
        raise ValueError(f"no words for {n}")
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + ("" if ones == 0 else "-" + _ONES[ones])
    hundreds, rest = divmod(n, 100)
    head = f"{_ONES[hundreds]} hundred"
    return head if rest == 0 else f"{head} and {number_word(rest)}"
