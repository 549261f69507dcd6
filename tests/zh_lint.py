"""A lint for Simplified Chinese text: full-width punctuation, and no stray English.

Chinese players keep the table-talk calls in English ("fifteen two"), so those may stand
in a Chinese line, beside a Chinese phrase, and never alone. Everything else English is a
mistake, except card notation (5H, J♠), numbers, names (ACC, cribkit, Suckling) and the
few identifiers of the JSON API that error messages quote. ``problems(text)`` lists what
is wrong with one line; the tests feed it every catalogue entry and every rendered page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from cribkit.talk import number_word

__all__ = ["ALLOWED_WORDS", "html_lines", "problems"]

CALL_WORDS = frozenset(
    """
    fifteen for a pair pairs royal double run runs of triple flush his nobs nob heels go
    last the and is nothing skunk skunks muggins stinkhole
    """.split()
) | {number_word(n) for n in range(32)}
"""Words of the table-talk calls (RULES.md's table), which stay English beside Chinese."""
TERMS = frozenset({"pone", "crib", "starter"})
"""Cribbage's own terms, given in English after their Chinese name, as the seeds do."""
NAMES = frozenset(
    """
    cribkit acc cribbage corner pagat com org www sir john suckling noddy aubrey brief lives
    json cookie enter english home end glicko
    """.split()
)
"""Names of things (people, sites, products, formats, keys)."""
API_WORDS = frozenset({"type", "player", "version", "cut", "discard", "play", "next", "resign"})
FORMAT_WORDS = frozenset({"utf", "content-type", "application", "true", "false", "kb"})
"""What the JSON API's errors must name as written: an encoding, a header, JSON literals, a unit."""
LEVEL_WORDS = frozenset({"beginner", "novice", "casual", "club", "strong", "expert"})
"""The API's level names, which its error names as written."""
ALLOWED_WORDS = CALL_WORDS | TERMS | NAMES | API_WORDS | FORMAT_WORDS | LEVEL_WORDS

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]|%[sdif]|\{(\w+)\}")
_PEOPLE = frozenset({"who", "whose", "first", "second", "label", "phase", "dealer", "hand"})
"""Placeholders filled with Chinese words (a player, a phase); the others hold numbers or cards."""
_TAG = re.compile(r"<[^>]+>")
_CODE = re.compile(r"<(code|kbd)>.*?</\1>", re.S)
"""A command or a key to type is code, not prose: ``cribkit play --save FILE``."""
_URL = re.compile(r"\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net)\b(?:/[\w./#-]*)?")
"""A web address shown as text (pagat.com, cribbage.org/rules): a name, not English."""
_CARD = re.compile(r"^(?:10|[2-9AJQKTajqkt1])[CDHScdhs♣♦♥♠]?$")
_WORD = re.compile(r"[A-Za-z][A-Za-z']*(?:-[A-Za-z']{2,})*")
_ASCII_PUNCT = re.compile(r"[,;:!?()\"]")


def _is_card_or_letter(word: str) -> bool:
    return bool(_CARD.match(word)) or len(word) == 1


def _latin(char: str) -> bool:
    return char.isascii() and char.isalpha()


def _stand_in(match: re.Match[str]) -> str:
    name = match.group(1) or match.group(2)
    return "某" if name in _PEOPLE else " 0 "


def problems(line: str) -> list[str]:
    """What is wrong with one line of Chinese (empty when it reads right)."""
    text = _PLACEHOLDER.sub(_stand_in, _CODE.sub(" ", line))
    text = _URL.sub(" ", _TAG.sub(" ", text))
    found: list[str] = []
    has_cjk = bool(_CJK.search(text))
    words = [w for w in _WORD.findall(text) if not _is_card_or_letter(w)]
    for word in words:
        if word.lower() not in ALLOWED_WORDS:
            found.append(f"English word {word!r}")
    calls = [w for w in words if w.lower() in CALL_WORDS | TERMS]
    if calls and not has_cjk:
        found.append(f"English alone: {' '.join(calls)!r}")
    if has_cjk:
        for match in _ASCII_PUNCT.finditer(text):
            before, after = text[max(match.start() - 1, 0)], text[match.end() : match.end() + 1]
            if match.group() == ":" and before.isdigit() and after.isdigit():
                continue  # a time of day, 05:30
            if _latin(text[: match.start()].rstrip()[-1:]) and _latin(
                text[match.end() :].lstrip()[:1]
            ):
                continue  # inside an English call: "fifteen two, fifteen four"
            found.append(f"ASCII {match.group()!r} in a Chinese line")
        stops = re.findall(r"(?<=[\u3400-\u9fff])\.(?=\s|$)", text)
        found.extend("ASCII full stop after Chinese" for _ in stops)
    return found


_INLINE = frozenset(
    """
    a abbr b br cite code em i img kbd mark q s small span strong sub sup time u td th
    input label
    """.split()
)
_SKIP = frozenset({"script", "style", "svg", "template", "code", "kbd"})
_BREAK = "\x00"
"""Where a block element interrupts its parent's text: the line before it ends there."""
_TEXT_ATTRIBUTES = ("aria-label", "alt", "title", "placeholder")


def html_lines(root: Any) -> Iterable[str]:
    """The lines a reader sees: the text of each block element, and labelling attributes.

    ``root`` is a parsed page (``html_support.parse_html``): elements with ``tag``,
    ``attrs`` and ``children`` (elements or strings).
    """

    def walk(element: Any) -> Iterable[str]:
        if element.tag in _SKIP or element.attrs.get("aria-hidden") == "true":
            return
        for name in _TEXT_ATTRIBUTES:
            if element.attrs.get(name):
                yield element.attrs[name]
        own: list[str] = []
        for child in element.children:
            if isinstance(child, str):
                own.append(child)
            elif child.tag in _INLINE:
                own.append(_inline_text(child))
                yield from _attributes(child)
            else:
                yield from walk(child)
                own.append(_BREAK)
        for part in " ".join(own).split(_BREAK):
            if part.strip():
                yield " ".join(part.split())

    yield from walk(root)


def _inline_text(element: Any) -> str:
    if element.tag in _SKIP or element.attrs.get("aria-hidden") == "true":
        return ""
    return " ".join(c if isinstance(c, str) else _inline_text(c) for c in element.children)


def _attributes(element: Any) -> Iterable[str]:
    for name in _TEXT_ATTRIBUTES:
        if element.attrs.get(name):
            yield element.attrs[name]
    for child in element.children:
        if not isinstance(child, str):
            yield from _attributes(child)
