"""Reading served HTML in tests: elements by id or class, attributes, visible text."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    children: list[Element | str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def text(self) -> str:
        """The text inside, whitespace collapsed."""
        parts: list[str] = []
        for child in self.children:
            parts.append(child if isinstance(child, str) else child.text())
        return " ".join(" ".join(parts).split())

    def iter(self) -> list[Element]:
        found: list[Element] = []
        for child in self.children:
            if isinstance(child, Element):
                found.append(child)
                found.extend(child.iter())
        return found

    def find_all(self, tag: str | None = None, *, cls: str | None = None) -> list[Element]:
        return [
            element
            for element in self.iter()
            if (tag is None or element.tag == tag) and (cls is None or cls in element.classes)
        ]

    def by_id(self, element_id: str) -> Element:
        for element in self.iter():
            if element.attrs.get("id") == element_id:
                return element
        raise AssertionError(f"no element with id {element_id!r}")

    def has_id(self, element_id: str) -> bool:
        return any(element.attrs.get("id") == element_id for element in self.iter())


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {name: value or "" for name, value in attrs})
        self.stack[-1].children.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse_html(html: str) -> Element:
    builder = _Builder()
    builder.feed(html)
    builder.close()
    return builder.root
