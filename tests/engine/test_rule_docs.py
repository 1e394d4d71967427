"""The rule documents (docs/rules/*.md) against the code and the tests.

Every rule ID the code, the templates or the tests mention must have an entry (an HTML
anchor `<a id="..."></a>`) in docs/rules; every documented ID must be named by at least one
test, in its function name (`test_ra18_...`, `test_ra_w1_...`) or its docstring; the tests
and files an entry cites must exist; and the engine cites the rules by their path in the
project, never a path outside it. No database: this reads files only.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules"
PREFIXES = ("RA", "TT", "TC", "TA", "TX", "TH", "CA", "CH", "JA", "JH")
# An ID as written in prose and comments: a prefix, a hyphen, a number (RA also "W<n>").
ID = re.compile(rf"\b({'|'.join(PREFIXES)})-(W?\d+)\b")
# An ID as spelled in a test function's name: "ra18", "ja10", or "ra" then "w1".
NAME_TOKEN = re.compile(rf"^({'|'.join(p.lower() for p in PREFIXES)})(\d+)$")
ANCHOR = re.compile(r'<a id="([A-Z]+-W?\d+)"></a>')
CITED_TEST = re.compile(r"`(test_\w+)`")
CITED_PATH = re.compile(r"`((?:games|tests|templates|clock|docs)/[\w/.-]+\.(?:py|html|md))`")
# A module named relative to the game's engine package ("fitness.py", "powers/dusk.py").
CITED_MODULE = re.compile(r"`(?!(?:games|tests|templates|clock|docs)/)((?:[a-z_]+/)?[a-z_]+\.py)`")
PACKAGES = {
    "resistance-avalon.md": "resistance",
    "tournament.md": "tournament",
    "colovini-avalon.md": "colovini",
    "jousting-avalon.md": "jousting",
}
THIS_FILE = Path(__file__).resolve()


def ids_in(text: str) -> set[str]:
    return {f"{prefix}-{number}" for prefix, number in ID.findall(text)}


def ids_in_test_name(name: str) -> set[str]:
    parts = name.split("_")
    out = set()
    for i, part in enumerate(parts):
        token = NAME_TOKEN.match(part)
        if token:
            out.add(f"{token[1].upper()}-{token[2]}")
        elif part == "ra" and i + 1 < len(parts) and re.fullmatch(r"w\d+", parts[i + 1]):
            out.add(f"RA-{parts[i + 1].upper()}")
    return out


def source_files() -> Iterator[Path]:
    """The code, the templates and the tests (this file aside: its examples are no rules)."""
    for folder, pattern in (("games", "*.py"), ("clock", "*.py"), ("templates", "*.html")):
        yield from sorted((ROOT / folder).rglob(pattern))
    yield from (p for p in sorted((ROOT / "tests").rglob("*.py")) if p != THIS_FILE)


def all_test_functions() -> Iterator[tuple[Path, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        if path == THIS_FILE:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith(
                "test_"
            ):
                yield path, node


def documented() -> dict[str, list[str]]:
    """ID -> the rule files that hold an anchor for it."""
    out: dict[str, list[str]] = defaultdict(list)
    for path in sorted(DOCS.glob("*.md")):
        for found in ANCHOR.findall(path.read_text()):
            out[found].append(path.name)
    return out


def mentioned() -> dict[str, set[str]]:
    """ID -> the files (relative to the project) that mention it."""
    out: dict[str, set[str]] = defaultdict(set)
    for path in source_files():
        for found in ids_in(path.read_text()):
            out[found].add(str(path.relative_to(ROOT)))
    for path, node in all_test_functions():
        for found in ids_in_test_name(node.name):
            out[found].add(str(path.relative_to(ROOT)))
    return out


def named_by_tests() -> dict[str, set[str]]:
    """ID -> the tests that name it in their function name or docstring."""
    out: dict[str, set[str]] = defaultdict(set)
    for path, node in all_test_functions():
        ids = ids_in_test_name(node.name) | ids_in(ast.get_docstring(node) or "")
        for found in ids:
            out[found].add(f"{path.relative_to(ROOT)}::{node.name}")
    return out


def test_the_four_rule_files_exist_with_anchors() -> None:
    names = {p.name for p in DOCS.glob("*.md")}
    assert names >= {
        "resistance-avalon.md",
        "tournament.md",
        "colovini-avalon.md",
        "jousting-avalon.md",
    }
    docs = documented()
    twice = {rule: files for rule, files in docs.items() if len(files) > 1}
    assert not twice, f"rules documented in more than one place: {twice}"
    for path in DOCS.glob("*.md"):
        text = path.read_text()
        for rule in ANCHOR.findall(text):
            # Each anchor opens a heading that names the rule, so a link lands on it.
            assert re.search(rf'^### <a id="{rule}"></a>{rule} \S', text, re.M), (path, rule)


def test_every_rule_named_in_code_or_tests_is_documented() -> None:
    docs = documented()
    missing = {
        rule: sorted(files)[:5] for rule, files in sorted(mentioned().items()) if rule not in docs
    }
    assert not missing, (
        "rule IDs named in the code or tests but missing from docs/rules (add an entry with "
        f'<a id="ID"></a>): {missing}'
    )


def test_every_documented_rule_is_named_by_a_test() -> None:
    named = named_by_tests()
    untested = {rule: files for rule, files in sorted(documented().items()) if rule not in named}
    assert not untested, (
        "documented rules that no test names in its name or docstring (write one, or name "
        f"the rule in a test that truly checks it): {untested}"
    )


def test_the_tests_and_files_the_rule_files_cite_exist() -> None:
    tests = {node.name for _, node in all_test_functions()}
    for path in sorted(DOCS.glob("*.md")):
        text = path.read_text()
        gone = sorted(set(CITED_TEST.findall(text)) - tests)
        assert not gone, f"{path.name} cites tests that do not exist: {gone}"
        for cited in CITED_PATH.findall(text):
            assert (ROOT / cited).exists(), f"{path.name} cites {cited}, which does not exist"
        package = ROOT / "games" / "engine" / "games" / PACKAGES[path.name]
        for cited in CITED_MODULE.findall(text):
            assert (package / cited).exists(), f"{path.name} cites {package.name}/{cited}: none"


def test_the_engine_cites_the_rules_inside_the_project() -> None:
    engine = ROOT / "games" / "engine"
    for path in sorted(engine.rglob("*.py")):
        text = path.read_text()
        assert "shared/rules" not in text, f"{path} cites rules outside the project"
        for cited in re.findall(r"\b((?:docs/)?rules/[\w-]+\.md)\b", text):
            assert cited.startswith("docs/"), f"{path} cites {cited}: use docs/rules/..."
            assert (ROOT / cited).exists(), f"{path} cites {cited}, which does not exist"
    for game in ("resistance", "tournament", "colovini", "jousting"):
        opening = (engine / "games" / game / "__init__.py").read_text()
        assert "docs/rules/" in opening, f"the {game} package does not cite its rule file"


def test_ids_are_read_from_names_and_prose_alike() -> None:
    assert ids_in_test_name("test_tx3_tx4_tx5_hosts") == {"TX-3", "TX-4", "TX-5"}
    assert ids_in_test_name("test_ra_w1_votes_in_any_order") == {"RA-W1"}
    assert ids_in_test_name("test_ja10_ja11_the_worked_example") == {"JA-10", "JA-11"}
    assert ids_in("see RA-W2 and CH-3, not XX-1 nor RA-") == {"RA-W2", "CH-3"}
