"""lz-string's base64 form, the compression of f-puzzles and SudokuPad links, both ways.

lz-string (the JavaScript library both sites use) packs text with an LZW variant whose
codes grow from 2 bits, then writes the bit stream six bits per character in the base64
alphabet (``compressToBase64``). SudokuPad's newer ``compact64`` writes the same bit
stream as 16-bit words through standard base64, so one decoder reads both. Every failure
to decompress is :class:`LZStringError`; :func:`compress_base64` writes what the library
writes, for links made here.

Why not a package from PyPI: ``lzstring`` (1.0.4, the one in wide use) decodes the test links
alike but has had no release since 2018, needs the Python 2 shim ``future``, fails on a corrupt
payload with whatever Python raises (IndexError, KeyError, UnboundLocalError), and has no bound
on its output: lz-string output grows with the square of its input (4 KB of payload make 3 MB
of text), so a 1 MB link could take every byte of memory. The newer ports have a single
release, no such bound, and either need Python 3.12 or install a top-level ``tests`` package.
"""

from __future__ import annotations

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_VALUES = {ch: i for i, ch in enumerate(_ALPHABET)}
_PADDING = "="
MAX_OUTPUT = 4_000_000
"""Characters a payload may decompress to; a longer result is refused (a puzzle's JSON is
tens of kilobytes at most, and LZW output can grow with the square of its input)."""


class LZStringError(ValueError):
    """The text is not lz-string base64 output (a bad character, a broken code, cut short)."""


class _Bits:
    """The payload's bits, most significant first, six per character."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.index = 0
        self.value = 0
        self.mask = 0

    def read(self, count: int) -> int:
        """The next ``count`` bits as a number, the first bit read as the lowest."""
        number = 0
        for bit in range(count):
            if self.mask == 0:
                if self.index >= len(self.text):
                    raise LZStringError("the payload ends before its end mark")
                ch = self.text[self.index]
                self.index += 1
                if ch == _PADDING:
                    raise LZStringError("the payload ends before its end mark")
                try:
                    self.value = _VALUES[ch]
                except KeyError:
                    raise LZStringError(f"{ch!r} is not a base64 character") from None
                self.mask = 32
            if self.value & self.mask:
                number |= 1 << bit
            self.mask >>= 1
        return number


def decompress_base64(text: str) -> str:
    """The text that lz-string's ``compressToBase64`` turned into ``text``.

    Raises:
        LZStringError: ``text`` has a character outside the base64 alphabet, a code that
            names no dictionary entry, ends before the end mark, or decompresses to more
            than :data:`MAX_OUTPUT` characters.
    """
    bits = _Bits(text)
    entries: list[str] = ["", "", ""]  # codes 0, 1, 2: a new 8-bit char, a 16-bit char, end
    width = 2
    room = 2  # codes left before the width grows by one bit
    previous = ""
    out: list[str] = []
    size = 0
    while True:
        code = bits.read(width)
        if code == 2:
            if not out:
                raise LZStringError("the payload is empty")
            return _join_surrogates("".join(out))
        if code < 2:
            entries.append(chr(bits.read(8 if code == 0 else 16)))
            code = len(entries) - 1
            room -= 1
            if room == 0:
                room, width = 1 << width, width + 1
        if code < len(entries):
            entry = entries[code]
        elif code == len(entries) and previous:
            entry = previous + previous[0]
        else:
            raise LZStringError(f"code {code} names no dictionary entry")
        out.append(entry)
        size += len(entry)
        if size > MAX_OUTPUT:
            raise LZStringError(f"the payload decompresses to more than {MAX_OUTPUT} characters")
        if previous:
            entries.append(previous + entry[0])
        room -= 1  # the first entry has no predecessor, but its slot is counted all the same
        if room == 0:
            room, width = 1 << width, width + 1
        previous = entry


def compress_base64(text: str) -> str:
    """What lz-string's ``compressToBase64`` makes of ``text`` (JavaScript compresses UTF-16
    code units, so a character beyond U+FFFF is two of them)."""
    units = text.encode("utf-16-le", "surrogatepass")
    chars = [chr(units[i] | units[i + 1] << 8) for i in range(0, len(units), 2)]
    bits: list[int] = []
    codes: dict[str, int] = {}
    fresh: set[str] = set()  # single characters not yet written out
    width, room = 2, 2  # bits per code, codes left before the width grows

    def emit(value: int, count: int) -> None:
        bits.extend((value >> i) & 1 for i in range(count))

    def spend() -> None:
        nonlocal width, room
        room -= 1
        if room == 0:
            room, width = 1 << width, width + 1

    def write(word: str) -> None:
        if word in fresh:
            wide = ord(word) > 255
            emit(int(wide), width)
            emit(ord(word), 16 if wide else 8)
            spend()
            fresh.discard(word)
        else:
            emit(codes[word], width)
        spend()

    word = ""
    for ch in chars:
        if ch not in codes:
            codes[ch] = len(codes) + 3
            fresh.add(ch)
        if word + ch in codes:
            word += ch
        else:
            write(word)
            codes[word + ch] = len(codes) + 3
            word = ch
    if word:
        write(word)
    emit(2, width)
    bits.extend([0] * (-len(bits) % 6))
    out = "".join(
        _ALPHABET[int("".join(map(str, bits[i : i + 6])), 2)] for i in range(0, len(bits), 6)
    )
    return out + _PADDING * (-len(out) % 4)


def _join_surrogates(text: str) -> str:
    """``text`` with each UTF-16 surrogate pair (how JavaScript holds a character beyond
    U+FFFF) made one character; a lone surrogate becomes U+FFFD."""
    if not any("\ud800" <= ch <= "\udfff" for ch in text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
