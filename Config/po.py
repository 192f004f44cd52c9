#!/usr/bin/env python3
"""weather's message catalogues: the template made from the sources, the translations checked and compiled.

Swift is not a language xgettext reads, so the messages are found here, as literals in the calls that mark
them (Sources/WeatherSystem/Language/Catalogue.swift and Sources/WeatherModel/Text/Message.swift):

    tr("format %s", ...)          a format, its placeholders printf's: %s, %d, %1$s; %% is a percent sign
    trn("one %d", "other %d", n)  a format with plural forms (msgid_plural)
    Message("format %s", ...)     the same, kept as a value in WeatherModel and translated where printed
    Message(one: "...", other: "...", count: n)
    english("words")              words that are data too (a weather code's, in --json), translated in print
    helpText("...")               --help's text: no placeholders, a % is a %
    codeMeaning("...")            what a --format code shows, in --help's table: at most 43 columns
    timeFormat("%a %-d %b")       a strftime format: the order of the day and month, the locale's names
    tr(context: "c", "in")        a message in a context (msgctxt): "in" the inch, not the preposition

Usage:
    po.py pot [--check]     write po/weather.pot from Sources/ (--check: fail if it would change)
    po.py check             the template is up to date, and every po/LL.po compiles with msgfmt --check,
                            has every message of the template (and no other), none fuzzy or empty, as many
                            plural forms as its Plural-Forms says, and keeps each message's placeholders
                            (printf's, the --format codes of help text, the parts of a date strftime's
                            show, the commands of examples); French's no-break spaces before : ; ? ! and
                            inside « »; each language's quotation marks (ASCII ones only around what is
                            typed), Ukrainian's apostrophe ʼ; and the terms of po/glossary.tsv
    po.py compile OUTDIR    OUTDIR/LL/LC_MESSAGES/weather.mo for every po/LL.po
    po.py languages         the languages, one a line
Paths are relative to the repository (--root to use another, as the tests do with a doctored copy).
"""

import argparse
import os
import re
import subprocess
import sys

MARKERS = {"tr", "trn", "Message", "english", "helpText", "codeMeaning", "timeFormat"}
HEADER = """# The messages of weather, the words people read, for translation.
# Made by Config/po.py from the sources (make pot): do not edit; a translation starts as a copy of this file.
msgid ""
msgstr ""
"Project-Id-Version: weather\\n"
"Report-Msgid-Bugs-To: \\n"
"Language: \\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"
"""
TIME_NOTE = ("A strftime format (%a the weekday, %-d the day of the month, %b the month): put them in your "
             "language's order, with its punctuation; the names come from the locale. A day and month may be "
             "written as numbers where your language writes them so (Finnish \"%a %-d.%-m.\").")
HELP_NOTE = "Text of --help: keep its lines within 79 columns, and the commands of its examples as they are."
# The widest a codeMeaning may be: the table of --format codes, its examples included, then fits the 79 columns
# ArgumentParser leaves a line of --help before it wraps (see codeMeaning in Sources/WeatherSystem/Language).
CODE_MEANING_WIDTH = 43
CODE_MEANING_NOTE = (f"What a --format code shows, in a column of weather show --help: at most {CODE_MEANING_WIDTH} "
                     "columns, for the table to fit the 79 of a line of --help.")


class SourceError(Exception):
    pass


# MARK: Reading Swift

def tokens(text, path):
    """The Swift source's identifiers, string literals (decoded) and punctuation, with their lines; comments
    left out. A literal with an interpolation is a token `interpolated`, which a message cannot be."""
    i, line, n = 0, 1, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            end = text.index("*/", i + 2)
            line += text.count("\n", i, end)
            i = end + 2
        elif c == "#" and text.startswith('#"', i):
            # A raw string: never a message.
            end = text.index('"#', i + 2)
            line += text.count("\n", i, end)
            i = end + 2
            yield ("raw", None, line)
        elif text.startswith('"""', i):
            value, end, interpolated = multiline(text, i, path, line)
            yield ("interpolated" if interpolated else "string", value, line)
            line += text.count("\n", i, end)
            i = end
        elif c == '"':
            value, end, interpolated = single(text, i, path, line)
            yield ("interpolated" if interpolated else "string", value, line)
            i = end
        elif c.isalpha() or c == "_":
            start = i
            while i < n and (text[i].isalnum() or text[i] == "_"):
                i += 1
            yield ("name", text[start:i], line)
        else:
            yield ("punct", c, line)
            i += 1


ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", '"': '"', "'": "'", "\\": "\\"}


def escape(text, i, path, line):
    """The character the escape at text[i] (after its backslash) stands for, and where it ends."""
    c = text[i]
    if c in ESCAPES:
        return ESCAPES[c], i + 1
    if c == "u":
        end = text.index("}", i)
        return chr(int(text[i + 2:end], 16)), end + 1
    raise SourceError(f"{path}:{line}: unknown escape \\{c}")


def single(text, i, path, line):
    value, i, interpolated = [], i + 1, False
    while text[i] != '"':
        if text[i] == "\n":
            raise SourceError(f"{path}:{line}: unterminated string")
        if text[i] == "\\":
            if text[i + 1] == "(":
                interpolated = True
                depth, i = 1, i + 2
                while depth:
                    depth += {"(": 1, ")": -1}.get(text[i], 0)
                    i += 1
                continue
            character, i = escape(text, i + 1, path, line)
            value.append(character)
        else:
            value.append(text[i])
            i += 1
    return "".join(value), i + 1, interpolated


def multiline(text, i, path, line):
    """A \"\"\" literal: its lines without the closing delimiter's indentation, a line ending in a backslash
    joined to the next."""
    start = text.index("\n", i) + 1
    end = text.index('"""', start)
    closing = text.rfind("\n", 0, end) + 1
    indent = text[closing:end]
    if indent.strip():
        raise SourceError(f"{path}:{line}: text before the closing delimiter")
    raw_lines = text[start:closing - 1].split("\n") if closing > start else []
    value, interpolated = [], False
    for number, raw in enumerate(raw_lines):
        if raw.strip() and not raw.startswith(indent):
            raise SourceError(f"{path}:{line + number + 1}: a line indented less than the closing delimiter")
        raw = raw[len(indent):]
        continued = len(raw) - len(raw.rstrip("\\")) if raw.endswith("\\") else 0
        joined = continued % 2 == 1
        if joined:
            raw = raw[:-1]
        decoded, j = [], 0
        while j < len(raw):
            if raw[j] == "\\":
                if raw[j + 1] == "(":
                    interpolated = True
                    j += 2
                    continue
                character, j = escape(raw, j + 1, path, line)
                decoded.append(character)
            else:
                decoded.append(raw[j])
                j += 1
        value.append("".join(decoded) + ("" if joined or number == len(raw_lines) - 1 else "\n"))
    return "".join(value), end + 3, interpolated


def messages_in(path, relative):
    """The marked messages of one file: (kind, msgctxt, msgid, msgid_plural, line)."""
    with open(path, encoding="utf-8") as file:
        found = list(tokens(file.read(), relative))
    results = []
    for index, (kind, value, line) in enumerate(found):
        if kind != "name" or value not in MARKERS:
            continue
        if index > 0 and found[index - 1][:2] in (("name", "func"), ("name", "case"), ("punct", ".")):
            continue
        rest = found[index + 1:index + 12]
        if not rest or rest[0][:2] != ("punct", "("):
            continue
        position = 1
        labels = []
        if rest[position][0] == "name" and rest[position + 1][:2] == ("punct", ":"):
            labels.append(rest[position][1])
            position += 2
        first = rest[position]
        if value == "Message" and labels == [] and first[0] != "string" and first[0] != "interpolated":
            continue  # Message(reading:) and the like
        context = None
        if value == "tr" and labels == ["context"]:
            # tr(context: "unit of wind speed", "km/h"): a msgctxt, then the message.
            if first[0] != "string" or not first[1]:
                raise SourceError(f"{relative}:{line}: tr(context:...) needs a literal context")
            context = first[1]
            if rest[position + 1][:2] != ("punct", ","):
                raise SourceError(f"{relative}:{line}: tr(context:...) needs the message after the context")
            position += 2
            first = rest[position]
            labels = []
        if labels and labels != ["one"]:
            continue
        if first[0] != "string":
            raise SourceError(f"{relative}:{line}: {value}(...) needs a literal message, without interpolation")
        plural = None
        if value == "trn" or labels == ["one"]:
            position += 1
            if rest[position][:2] != ("punct", ","):
                raise SourceError(f"{relative}:{line}: {value}(...) needs the plural form after the singular")
            position += 1
            if rest[position][0] == "name" and rest[position + 1][:2] == ("punct", ":"):
                position += 2
            if rest[position][0] != "string":
                raise SourceError(f"{relative}:{line}: {value}(...) needs a literal plural form")
            plural = rest[position][1]
        if first[1] == "":
            raise SourceError(f"{relative}:{line}: an empty message")
        results.append((value, context, first[1], plural, first[2]))
    return results


def template(root):
    """The entries of the template, in the order the sources first mark them."""
    entries = {}
    order = []
    sources = os.path.join(root, "Sources")
    for folder, _, files in sorted(os.walk(sources)):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, root)
            for kind, context, msgid, plural, line in messages_in(path, relative):
                key = (context, msgid)
                entry = entries.get(key)
                if entry is None:
                    entry = {"msgctxt": context, "msgid": msgid, "plural": plural, "kinds": set(), "references": []}
                    entries[key] = entry
                    order.append(key)
                elif entry["plural"] != plural:
                    raise SourceError(f"{relative}:{line}: \"{msgid}\" is marked with two plural forms")
                entry["kinds"].add(kind)
                # The file, not the line: an edit elsewhere in a file leaves the template as it was.
                if relative not in entry["references"]:
                    entry["references"].append(relative)
    return [entries[key] for key in order]


# MARK: Writing and reading PO files

def quote(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    if "\n" not in escaped:
        return '"' + escaped + '"'
    parts = escaped.split("\n")
    pieces = [part + "\\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    return '""\n' + "\n".join('"' + piece + '"' for piece in pieces)


PRINTF = re.compile(r"%(?:%|(?:\d+\$)?[sd])")


def flags(entry):
    kinds = entry["kinds"]
    if kinds & {"helpText", "timeFormat"}:
        return "no-c-format"
    texts = [entry["msgid"]] + ([entry["plural"]] if entry["plural"] else [])
    return "c-format" if any(PRINTF.search(text) for text in texts) else None


def render(entries):
    out = [HEADER.rstrip("\n")]
    for entry in entries:
        out.append("")
        if "timeFormat" in entry["kinds"]:
            out.append("#. " + TIME_NOTE)
        if "helpText" in entry["kinds"] and "\n" in entry["msgid"]:
            out.append("#. " + HELP_NOTE)
        if "codeMeaning" in entry["kinds"]:
            out.append("#. " + CODE_MEANING_NOTE)
        out.append("#: " + " ".join(entry["references"]))
        flag = flags(entry)
        if flag:
            out.append("#, " + flag)
        if entry.get("msgctxt") is not None:
            out.append("msgctxt " + quote(entry["msgctxt"]))
        out.append("msgid " + quote(entry["msgid"]))
        if entry["plural"]:
            out.append("msgid_plural " + quote(entry["plural"]))
            out.append('msgstr[0] ""')
            out.append('msgstr[1] ""')
        else:
            out.append('msgstr ""')
    return "\n".join(out) + "\n"


def unquote(line):
    body = line[line.index('"') + 1:line.rindex('"')]
    out, i = [], 0
    while i < len(body):
        if body[i] == "\\":
            out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}[body[i + 1]])
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


def read_po(path):
    """The entries of a PO file: dicts of msgid, plural, msgstr (a list: one form, or the plural forms),
    flags; obsolete (#~) entries left out."""
    entries, entry, field = [], None, None
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    for raw in lines + [""]:
        line = raw.strip()
        if not line or line.startswith("#~"):
            if entry is not None and "msgid" in entry:
                entries.append(entry)
                entry, field = None, None
            continue
        if entry is None:
            entry = {"flags": set(), "msgstr": {}}
        if line.startswith("#,"):
            entry["flags"] |= {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif line.startswith("msgctxt"):
            entry["msgctxt"] = unquote(line)
            field = ("msgctxt", None)
        elif line.startswith("msgid_plural"):
            entry["plural"] = unquote(line)
            field = ("plural", None)
        elif line.startswith("msgid"):
            entry["msgid"] = unquote(line)
            field = ("msgid", None)
        elif line.startswith("msgstr["):
            form = int(line[7:line.index("]")])
            entry["msgstr"][form] = unquote(line)
            field = ("msgstr", form)
        elif line.startswith("msgstr"):
            entry["msgstr"][0] = unquote(line)
            field = ("msgstr", 0)
        elif line.startswith('"'):
            name, form = field
            if name == "msgstr":
                entry["msgstr"][form] += unquote(line)
            else:
                entry[name] += unquote(line)
    for entry in entries:
        entry["msgstr"] = [entry["msgstr"][form] for form in sorted(entry["msgstr"])]
        entry.setdefault("plural", None)
    return entries


# MARK: Checks

STRFTIME = re.compile(r"%[-_0^#]?[a-zA-Z%]")
CODE = re.compile(r"%[a-zA-Z%]")


# The parts of a date a strftime conversion shows, each written as a language writes it: a weekday by name
# (%a, %A), the day (%d, %e), the month by name or number (%b, %B, %h, %m: Finnish "la 28.11."), the year.
DATE_PARTS = {"a": "weekday", "A": "weekday", "d": "day", "e": "day", "b": "month", "B": "month", "h": "month",
              "m": "month", "y": "year", "Y": "year"}


def date_parts(text):
    """The parts of a date a strftime format shows ({"weekday", "day", "month"}); a conversion that shows
    anything else (a time, %%) counts as itself."""
    parts = set()
    for conversion in STRFTIME.findall(text):
        letter = conversion[-1]
        parts.add(DATE_PARTS.get(letter, conversion))
    return parts


def placeholders(text):
    """printf's placeholders of a format, by argument: {1: "s", 2: "d"}; `%%` is none."""
    found, following = {}, 0
    for match in PRINTF.finditer(text):
        token = match.group(0)
        if token == "%%":
            continue
        if "$" in token:
            position = int(token[1:token.index("$")])
        else:
            following += 1
            position = following
        found[position] = token[-1]
    return found


def width(text):
    import unicodedata
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in text)


def check_translation(entry, translated, language, singular=frozenset()):
    """What is wrong with the translation `translated` (its msgstr forms) of the template's `entry`; the
    forms in `singular` serve one number alone (German's first: 1), and may leave out a %d, as msgfmt
    allows ("die nächste Stunde")."""
    problems = []
    msgid = entry["msgid"]
    kinds = entry["kinds"]
    for index, text in enumerate(translated):
        name = f"{language}: {label(entry)}" + (f" (form {index})" if len(translated) > 1 else "")
        if not text:
            problems.append(f"{name}: not translated")
            continue
        if "timeFormat" in kinds:
            if date_parts(text) != date_parts(msgid):
                problems.append(f"{name}: the strftime conversions show other parts of the date than "
                                f"{sorted(set(STRFTIME.findall(msgid)))} (a weekday, a day, a month)")
        elif "helpText" in kinds:
            if sorted(CODE.findall(text)) != sorted(CODE.findall(msgid)):
                problems.append(f"{name}: the % codes differ from the original's")
            for line in msgid.split("\n"):
                command = re.match(r"  (weather(?: \S+)*?)(?:  |$)", line)
                if command and command.group(1) not in text:
                    problems.append(f'{name}: the example "{command.group(1)}" is missing')
            if "\n" in msgid:
                # ArgumentParser wraps a line of 80 columns; an original wider than that is a limit of its own.
                limit = max(79, max(width(line) for line in msgid.split("\n")))
                for line in text.split("\n"):
                    if width(line) > limit:
                        problems.append(f"{name}: a line wider than {limit} columns: {line}")
        else:
            expected = [placeholders(msgid)] + ([placeholders(entry["plural"])] if entry["plural"] else [])
            found = placeholders(text)
            # A form for one number alone may leave its count out, the others keeping their positions.
            dropped = (entry["plural"] and index in singular and len(translated) > 1
                       and any(found.items() <= wanted.items()
                               and all(kind == "d" for position, kind in wanted.items() if position not in found)
                               for wanted in expected))
            if found not in expected and not dropped:
                problems.append(f"{name}: the placeholders {placeholders(text)} are not the original's {expected[-1]}")
        if "codeMeaning" in kinds and width(text) > CODE_MEANING_WIDTH:
            problems.append(f"{name}: wider than {CODE_MEANING_WIDTH} columns, the --format codes' column: {text}")
        if text.count("\n") != msgid.count("\n") and "helpText" not in kinds:
            problems.append(f"{name}: {msgid.count(chr(10))} line breaks in the original, {text.count(chr(10))} here")
        if language.split("_")[0] == "fr":
            problems += french_typography(text, kinds, name)
        problems += quotation(text, msgid, kinds, name, language)
    return problems


# The quotation marks each language sets in prose, as its style guides have them (Duden, the Imprimerie
# nationale, Ústav pro jazyk český, Rada Języka Polskiego, Ukrainian orthography (2019) §159, Kielitoimisto,
# Språkrådet (Sweden and Norway), Onze Taal, the Acordo Ortográfico's usage in Brazil, the RAE, the
# Accademia della Crusca): the outer pair first. Text quoted from the original as code (a --format, a JSON
# key, a command's words) keeps its ASCII quotes; a word between letters is an apostrophe, which Ukrainian
# writes as U+02BC.
QUOTES = {
    "de": ["„“", "‚‘"], "cs": ["„“", "‚‘"], "pl": ["„”", "«»"], "uk": ["«»", "„“"], "fr": ["«»", "“”"],
    "fi": ["””", "’’"], "sv": ["””", "’’"], "nb": ["«»", "‘’"], "nl": ["‘’", "“”"], "pt": ["“”", "‘’"],
    "es": ["«»", "“”", "‘’"], "it": ["«»", "“”", "‘’"],
}
TYPOGRAPHIC_QUOTES = "„“”‚‘’«»‹›"
UKRAINIAN_APOSTROPHE = "\u02bc"


def only_placeholders(text):
    """Whether `text` is nothing but printf's placeholders (a value quoted in prose, not code)."""
    return PRINTF.sub("", text).strip() == ""


def quotation(text, msgid, kinds, name, language):
    """What the quotation marks and apostrophes of `language` find wrong with `text`: a typographic mark
    the language does not set, ASCII quotes around prose, an ASCII apostrophe in Ukrainian."""
    language = language.split("_")[0]
    pairs = QUOTES.get(language)
    if pairs is None:
        return []
    allowed = "".join(pairs)
    usual = " or ".join(pair[0] + "…" + pair[1] for pair in pairs)
    problems = []
    for line in text.split("\n"):
        line = prose(line, kinds)
        for index, mark in enumerate(line):
            if mark not in TYPOGRAPHIC_QUOTES or mark in allowed:
                continue
            between_letters = 0 < index < len(line) - 1 and line[index - 1].isalpha() and line[index + 1].isalpha()
            if mark == "\u2019" and between_letters and language != "uk":
                continue  # an apostrophe
            problems.append(f"{name}: {language} quotes with {usual}, not {mark!r}: "
                            f"{line[max(0, index - 30):index + 30]!r}")
        index = 0
        while index < len(line):
            mark = line[index]
            # Between letters (l'heure), or a letter and a value (d'%2$s): an apostrophe.
            if (mark == "'" and 0 < index < len(line) - 1 and line[index - 1].isalpha()
                    and (line[index + 1].isalpha() or line[index + 1] == "%")):
                if language == "uk":
                    problems.append(f"{name}: Ukrainian writes the apostrophe U+02BC (ʼ), not ': "
                                    f"{line[max(0, index - 30):index + 30]!r}")
                index += 1
                continue
            if mark not in "\"'":
                index += 1
                continue
            end = line.find(mark, index + 1)
            if end < 0:
                problems.append(f"{name}: an unpaired {mark} in prose: {line[max(0, index - 30):index + 30]!r}")
                break
            span = line[index:end + 1]
            before = line[index - 1:index]
            after = line[end + 1:end + 2]
            code = (before in ("{", "=") or after == ":"
                    or (span in msgid and not only_placeholders(span[1:-1])))
            if not code:
                problems.append(f"{name}: {language} quotes prose with {usual}, not {mark}…{mark}: "
                                f"{span!r}")
            index = end + 1
    return problems


# French typography, as the Imprimerie nationale's rules have it: a no-break space (U+00A0) before ":" and
# inside « », a narrow one (U+202F) before ";", "?" and "!", so that a line never breaks between a word and
# its mark. Checked in prose, not in what --help shows as it is typed or printed (its examples).
FRENCH_SPACES = {":": "\u00a0", ";": "\u202f", "?": "\u202f", "!": "\u202f", "»": "\u00a0"}


def prose(line, kinds):
    """The part of a line of a message that is prose: all of it, but in --help an indented line is an
    example (a command, or what one prints), prose only in its description after a gap of two spaces; a
    line indented deeper continues a description."""
    if "helpText" not in kinds or not line.startswith("  ") or line.startswith("   "):
        return line
    gap = re.search(r"\S {2,}(?=\S)", line[2:])
    return line[2 + gap.end():] if gap else ""


def french_typography(text, kinds, name):
    """What French typography finds wrong with `text`: a mark without its no-break space before it."""
    problems = []
    for line in text.split("\n"):
        line = prose(line, kinds)
        for match in re.finditer(r"[:;?!»]", line):
            index, mark = match.start(), match.group()
            following = line[index + 1:index + 2]
            if mark != "»" and following not in ("", " ", ")", "»", "'"):
                continue  # not punctuation: 14:00, http://, a ?query
            preceding = line[index - 1:index]
            if mark == ":" and preceding == '"':
                continue  # a JSON key, as typed: {"timeout": 20}
            if preceding != FRENCH_SPACES[mark]:
                problems.append(f"{name}: French sets U+{ord(FRENCH_SPACES[mark]):04X} before {mark!r}: "
                                f"{line[max(0, index - 30):index + 1]!r}")
        for match in re.finditer("«", line):
            if line[match.end():match.end() + 1] != "\u00a0":
                problems.append(f"{name}: French sets U+00A0 after '«': {line[match.start():match.start() + 30]!r}")
    return problems


def plural_function(header):
    """The Plural-Forms expression of a catalogue's header (C's syntax: `n%10==1 && n%100!=11 ? 0 : ...`)
    as a Python function of n; `None` without one."""
    match = re.search(r"plural\s*=\s*([^;]+)", header)
    if not match:
        return None
    text = match.group(1)
    items = re.findall(r"\d+|n|&&|\|\||==|!=|<=|>=|[-+*/%<>!?:()]", text)
    position = 0

    def peek():
        return items[position] if position < len(items) else None

    def take():
        nonlocal position
        position += 1
        return items[position - 1]

    binary = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]]
    apply = {"||": lambda a, b: int(bool(a) or bool(b)), "&&": lambda a, b: int(bool(a) and bool(b)),
             "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b), "<": lambda a, b: int(a < b),
             ">": lambda a, b: int(a > b), "<=": lambda a, b: int(a <= b), ">=": lambda a, b: int(a >= b),
             "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
             "/": lambda a, b: a // b, "%": lambda a, b: a % b}

    def conditional():
        condition = level(0)
        if peek() != "?":
            return condition
        take()
        yes = conditional()
        take()  # ":"
        no = conditional()
        return lambda n: yes(n) if condition(n) else no(n)

    def level(depth):
        if depth == len(binary):
            return unary()
        left = level(depth + 1)
        while peek() in binary[depth]:
            operator = apply[take()]
            right = level(depth + 1)
            left = (lambda left, right, operator: lambda n: operator(left(n), right(n)))(left, right, operator)
        return left

    def unary():
        token = take()
        if token == "!":
            inner = unary()
            return lambda n: int(not inner(n))
        if token == "(":
            inner = conditional()
            take()  # ")"
            return inner
        if token == "n":
            return lambda n: n
        value = int(token)
        return lambda n: value

    return conditional()


def single_number_forms(header):
    """The plural forms a catalogue's Plural-Forms gives to one number alone (German's form 0: 1)."""
    function = plural_function(header)
    if function is None:
        return set()
    numbers = {}
    for n in range(1000):
        numbers.setdefault(function(n), []).append(n)
    return {form for form, ns in numbers.items() if len(ns) == 1}


def plural_forms(header):
    match = re.search(r"nplurals\s*=\s*(\d+)", header)
    return int(match.group(1)) if match else None


def label(entry):
    """A message as a problem names it: its msgid's start, and its context when it has one."""
    context = entry.get("msgctxt")
    return f'"{entry["msgid"][:60]}"' + (f" ({context})" if context else "")


def check(root):
    problems = []
    entries = template(root)
    pot_path = os.path.join(root, "po", "weather.pot")
    with open(pot_path, encoding="utf-8") as file:
        if file.read() != render(entries):
            problems.append("po/weather.pot does not hold the messages of the sources: run make pot")
    by_id = {(entry["msgctxt"], entry["msgid"]): entry for entry in entries}
    terms = glossary(root, problems)
    for language in languages(root):
        path = os.path.join(root, "po", language + ".po")
        result = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", path], capture_output=True, text=True)
        if result.returncode != 0:
            problems.append(f"{language}: msgfmt --check refuses it:\n{result.stderr.strip()}")
        translation = read_po(path)
        header = next((entry for entry in translation if entry["msgid"] == ""), None)
        forms = plural_forms(header["msgstr"][0]) if header else None
        if forms is None:
            problems.append(f"{language}: no Plural-Forms in the header")
        singular = single_number_forms(header["msgstr"][0]) if header else set()
        seen = set()
        translated = {}
        for entry in translation:
            msgid = entry["msgid"]
            if msgid == "":
                continue
            key = (entry.get("msgctxt"), msgid)
            seen.add(key)
            if key not in by_id:
                problems.append(f"{language}: {label(entry)} is not a message of the template (make pot; msgmerge)")
                continue
            if "fuzzy" in entry["flags"]:
                problems.append(f"{language}: {label(entry)} is marked fuzzy")
            wanted = by_id[key]
            if entry["plural"] != wanted["plural"]:
                problems.append(f"{language}: {label(entry)} has another plural form than the template's")
            if wanted["plural"] and forms is not None and len(entry["msgstr"]) != forms:
                problems.append(f'{language}: {label(entry)} has {len(entry["msgstr"])} plural forms, not {forms}')
            problems += check_translation(wanted, entry["msgstr"], language, singular)
            translated[key] = entry["msgstr"]
        for key, entry in by_id.items():
            if key not in seen:
                problems.append(f"{language}: {label(entry)} is missing")
        problems += check_glossary(terms, entries, translated, language)
    return problems


# MARK: The glossary

# What a row of po/glossary.tsv applies to: the words of a weather code or MET Norway symbol (Sky.swift,
# METSymbol.swift), which contain its English term; a warning level (tr(context: "warning level", ...)),
# which is it.
SCOPES = {
    "condition": lambda entry: any(reference.endswith(("/Sky.swift", "/METSymbol.swift"))
                                   for reference in entry["references"]),
    "warning level": lambda entry: entry["msgctxt"] == "warning level",
}


def glossary(root, problems):
    """The rows of po/glossary.tsv: dicts of scope, english, language, forms (the service's term and its
    inflected forms, any of which a message may use; empty where the service has no such term) and source.
    Problems with the file itself go into `problems`."""
    path = os.path.join(root, "po", "glossary.tsv")
    if not os.path.exists(path):
        return []
    rows = []
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 5 or fields[0] not in SCOPES or not all(field.strip() for field in fields):
                problems.append(f"po/glossary.tsv:{number}: not scope, English, language, term and source, "
                                f"separated by tabs, the scope one of {', '.join(SCOPES)}")
                continue
            scope, english, language, term, source = fields
            forms = [] if term == "-" else [form.strip() for form in term.split("|")]
            rows.append({"scope": scope, "english": english, "language": language, "forms": forms,
                         "source": source, "line": number})
    known = set(languages(root))
    pairs = {(row["scope"], row["english"]) for row in rows}
    for row in rows:
        if row["language"] not in known:
            problems.append(f"po/glossary.tsv:{row['line']}: no catalogue po/{row['language']}.po")
    for scope, english in sorted(pairs):
        have = {row["language"] for row in rows if (row["scope"], row["english"]) == (scope, english)}
        for language in sorted(known - have):
            problems.append(f'po/glossary.tsv: "{english}" ({scope}) has no row for {language}')
    return rows


def glossary_terms(msgid, rows):
    """The rows whose English term `msgid` holds as words, a longer term taking its words from a shorter
    one's ("snow pellet showers" holds "snow pellet", not "snow"; "rain showers" holds "rain")."""
    covered = []
    found = []
    for row in sorted(rows, key=lambda row: -len(row["english"])):
        pattern = r"(?<![\w-])" + re.escape(row["english"]) + r"(?![\w-])"
        spans = [match.span() for match in re.finditer(pattern, msgid, re.IGNORECASE)]
        free = [span for span in spans if not any(start <= span[0] and span[1] <= end for start, end in covered)]
        if free:
            found.append(row)
            covered += free
    return found


def check_glossary(rows, entries, translated, language):
    """What the glossary finds wrong with `language`'s catalogue: a condition or a warning level that does
    not use the national service's term."""
    problems = []
    mine = [row for row in rows if row["language"] == language]
    for entry in entries:
        forms = translated.get((entry["msgctxt"], entry["msgid"]))
        if not forms:
            continue
        for scope, applies in SCOPES.items():
            if not applies(entry):
                continue
            scoped = [row for row in mine if row["scope"] == scope]
            if scope == "warning level":
                scoped = [row for row in scoped if row["english"] == entry["msgid"]]
            for row in glossary_terms(entry["msgid"], scoped):
                if not row["forms"]:
                    continue
                for text in forms:
                    if not any(form.casefold() in text.casefold() for form in row["forms"]):
                        problems.append(
                            f"{language}: {label(entry)} is \"{text}\", without the term for \"{row['english']}\": "
                            f"{' or '.join(row['forms'])} (po/glossary.tsv:{row['line']}, {row['source']})")
    return problems


def languages(root):
    folder = os.path.join(root, "po")
    return sorted(name[:-3] for name in os.listdir(folder) if name.endswith(".po"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("command", choices=["pot", "check", "compile", "languages"])
    parser.add_argument("argument", nargs="?")
    parser.add_argument("--check", action="store_true")
    arguments = parser.parse_args()
    root = os.path.abspath(arguments.root)
    try:
        if arguments.command == "pot":
            text = render(template(root))
            path = os.path.join(root, "po", "weather.pot")
            if arguments.check:
                with open(path, encoding="utf-8") as file:
                    if file.read() != text:
                        sys.exit("po/weather.pot does not hold the messages of the sources: run make pot")
                return
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
            print(f"po/weather.pot: {text.count(chr(10) + 'msgid ') - 1} messages")
        elif arguments.command == "check":
            problems = check(root)
            for problem in problems:
                print(problem, file=sys.stderr)
            if problems:
                sys.exit(f"{len(problems)} problems in the catalogues")
            print(f"po/weather.pot and {len(languages(root))} catalogues: complete and consistent")
        elif arguments.command == "compile":
            if not arguments.argument:
                sys.exit("po.py compile OUTDIR")
            os.makedirs(arguments.argument, exist_ok=True)
            for language in languages(root):
                folder = os.path.join(arguments.argument, language, "LC_MESSAGES")
                os.makedirs(folder, exist_ok=True)
                subprocess.run(["msgfmt", "--check", "-o", os.path.join(folder, "weather.mo"),
                                os.path.join(root, "po", language + ".po")], check=True)
        else:
            print("\n".join(languages(root)))
    except SourceError as error:
        sys.exit(str(error))


if __name__ == "__main__":
    main()
