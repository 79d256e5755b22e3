"""Where things are in a book's TOML text: tomllib keeps no positions, so problems are located by line here.

>>> index = LineIndex('[book]\\nstart = 1\\n[p.1]\\ntext = "A"\\nchoices = [{ text = "go", to = 2 }]\\n')
>>> index.paragraph("1"), index.find("1", ref_pattern("2"))
(3, 5)
"""

from __future__ import annotations

import re

_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")


class LineIndex:
    """Where each paragraph's tables start and end in the TOML text (tomllib keeps no positions)."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.spans: dict[str, list[tuple[int, int]]] = {}
        self.headers: dict[str, int] = {}
        current: str | None = None
        begin = 0
        in_string = False
        for number, line in enumerate(self.lines, start=1):
            if line.count('"""') % 2 == 1 or line.count("'''") % 2 == 1:
                in_string = not in_string
            if in_string:
                continue
            match = _HEADER.match(line)
            if not match:
                continue
            if current is not None:
                self.spans.setdefault(current, []).append((begin, number - 1))
            parts = [p.strip().strip('"').strip("'") for p in match.group(1).split(".")]
            self.headers.setdefault(".".join(parts), number)
            current = parts[1] if len(parts) >= 2 and parts[0] == "p" else None
            begin = number
        if current is not None:
            self.spans.setdefault(current, []).append((begin, len(self.lines)))

    def paragraph(self, pid: str) -> int:
        spans = self.spans.get(pid)
        return spans[0][0] if spans else 0

    def find(self, pid: str | None, *patterns: str) -> int:
        """The first line of paragraph ``pid`` matching every regex in ``patterns`` (else its header)."""
        if pid is None:
            return self.headers.get("book", 1)
        for begin, end in self.spans.get(pid, []):
            for number in range(begin, end + 1):
                line = self.lines[number - 1]
                if all(re.search(p, line) for p in patterns):
                    return number
        return self.paragraph(pid)

    def enemy(self, pid: str, number: int) -> int:
        """The line of the ``number``-th enemy (1-based) of paragraph ``pid``'s combat, by its ``name =``."""
        seen = 0
        for begin, end in self.spans.get(pid, []):
            for line_no in range(begin, end + 1):
                seen += len(re.findall(r"\bname\s*=", self.lines[line_no - 1]))
                if seen >= number:
                    return line_no
        return self.find(pid, r"combat")

    def header(self, name: str) -> int:
        return self.headers.get(name, 0)


def ref_pattern(target: str) -> str:
    """A regex for a reference to paragraph ``target`` on a line (``to = 12``, ``win = "12"`` …)."""
    return rf"=\s*[\"']?{re.escape(target)}[\"']?\s*(?:[,}}\]#]|$)"
