"""Topic words of other languages read by their spelling, not from a table.

Technical vocabulary travels between languages as loanwords: quantization is *kvantizace* in
Czech, *cuantizare* in Romanian, *kvantizacija* in Croatian, *квантизация* in Russian;
speculative is *spekulativní*, *спекулятивный*; documentation *dokumentace*, *документация*. The
word tables of handlers/language.py cover the languages someone wrote them for; a question in
any other language names its topics with these loanwords, so a word the parser could not place
is compared with the taxonomy's one-word topic names by a *cognate key*: lower case without
accents, Cyrillic and Greek letters written in Latin ones, and the spelling differences that
loanwords show folded together (qu/cu/kv before a vowel, c/k, z/s, ts/s, x/ks, y/i, w/v, ph/f,
th/t, double letters: Catalan "quantització" and Russian "-зация" meet "-zation"). Two words are the same topic word when their keys share a prefix of at least
seven letters that is most of the shorter key ("kvantisasi" / "kvantisation": 8).

Kept out on purpose:
- a word whose key and spelling agree with the topic word's over the whole shared prefix while
  written in plain ASCII ("performing", "documented", "distribution", "optimize"): English
  morphology the parser already chose to search, not a loanword;
- multi-word topic words ("structured outputs", "disaggregated serving"): one of their words
  ("outputs", "serving") is no topic of its own;
- words shorter than seven letters ("modely", "modelo"): too many unrelated words share six.
A typo of an English word is a typo first (handlers/parse.py asks for that before this).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

_CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґ"
_CYRILLIC_LATIN = (
    "a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "i", "k", "l", "m", "n", "o", "p", "r", "s", "t",
    "u", "f", "kh", "ts", "ch", "sh", "shch", "", "i", "", "e", "u", "a", "i", "i", "e", "g",
)  # fmt: skip
_GREEK = "αβγδεζηθικλμνξοπρσςτυφχψω"
_GREEK_LATIN = (
    "a", "v", "g", "d", "e", "z", "i", "t", "i", "k", "l", "m", "n", "ks", "o", "p", "r", "s", "s", "t",
    "i", "f", "ch", "ps", "o",
)  # fmt: skip
_LETTERS = dict(zip(_CYRILLIC + _GREEK, _CYRILLIC_LATIN + _GREEK_LATIN, strict=True))
_QU = re.compile(r"(?:qu|cu|ku|kw)(?=[aeio])")  # kvantizace, cuantizare, quantization
_SOFT_C = re.compile(r"c(?=[eiy])")
_DOUBLE = re.compile(r"(.)\1")
SHARED = 7  # letters of the key two words must share
SEEN_MAX = 10_000  # words remembered before the memory starts over


def cognate_key(word: str) -> str:
    """The spelling a loanword and its English source share ("квантизация" -> "kvantisatsia")."""
    text = unicodedata.normalize("NFKD", word.lower())
    text = "".join(_LETTERS.get(c, c) for c in text if not unicodedata.combining(c))
    text = text.replace("ph", "f").replace("th", "t")
    text = _SOFT_C.sub("s", _QU.sub("kv", text)).replace("c", "k").replace("q", "k")
    text = text.replace("z", "s").replace("x", "ks").replace("y", "i").replace("w", "v").replace("ts", "s")
    return _DOUBLE.sub(r"\1", text)


def _shared(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


class Cognates:
    """The one-word topic words of a taxonomy by cognate key, to place another language's word."""

    def __init__(self, words: Iterable[tuple[str, str]]) -> None:
        self._keys: dict[str, tuple[str, str]] = {}  # cognate key -> (topic word, topic key)
        self._seen: dict[str, str | None] = {}
        for word, topic in words:
            if len(word) >= SHARED and word.isalpha() and word.isascii():
                self._keys.setdefault(cognate_key(word), (word, topic))

    def topic(self, word: str) -> str | None:
        """The topic `word` is a loanword of, or None (remembered: a question looks words up often)."""
        if len(word) < SHARED or not word.isalpha():
            return None
        if word not in self._seen:
            if len(self._seen) >= SEEN_MAX:
                self._seen.clear()
            self._seen[word] = self._topic(word)
        return self._seen[word]

    def _topic(self, word: str) -> str | None:
        key = cognate_key(word)
        best: tuple[int, str] | None = None
        for other, (source, topic) in self._keys.items():
            n = _shared(key, other)
            if n < SHARED or n < 0.6 * min(len(key), len(other)):
                continue
            if word.isascii() and _shared(word.lower(), source) >= n:  # "performing": English
                continue
            if best is None or n > best[0]:
                best = (n, topic)
        return best[1] if best else None
